import { BRIDGE_GLOBAL, BRIDGE_READY_EVENT, type NativeBridge, type NativeInitialData, type NativeResponse } from '@/services/bridge'

/** A stand-in for the native app's bridge, for unit tests and the browser test. */
export interface FakeBridgeOptions {
  /** What the app hands over at start; omit for a bridge without initial data. */
  initialData?: NativeInitialData | null
  /** The token the login call answers; without it login fails with code 1. */
  loginToken?: string
  /** Answers of other calls by name (default: code 0, no data). */
  responses?: Record<string, NativeResponse>
}

export interface FakeBridge extends NativeBridge {
  /** Every call made, in order. */
  calls: { name: string; params: Record<string, unknown> }[]
  /** Sends an app event to the page. */
  emit(event: string, data?: unknown): void
}

export function createFakeBridge({ initialData, loginToken, responses = {} }: FakeBridgeOptions = {}): FakeBridge {
  const listeners: Record<string, ((data: unknown) => void)[]> = {}
  return {
    initialData: initialData ?? null,
    calls: [],
    invoke(name, params, callback) {
      this.calls.push({ name, params })
      const answer: NativeResponse =
        name === 'login'
          ? loginToken
            ? { code: 0, data: { access_token: loginToken } }
            : { code: 1, msg: 'login cancelled' }
          : (responses[name] ?? { code: 0 })
      setTimeout(() => callback(answer), 0)
    },
    on(event, listener) {
      ;(listeners[event] ??= []).push(listener)
    },
    emit(event, data) {
      for (const l of listeners[event] ?? []) l(data)
    },
  }
}

/** Puts a fake bridge on `window`, now or after `delayMs`, and fires the ready event. */
export function installFakeBridge(options: FakeBridgeOptions = {}, delayMs?: number): FakeBridge {
  const bridge = createFakeBridge(options)
  const install = () => {
    ;(window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = bridge
    window.dispatchEvent(new Event(BRIDGE_READY_EVENT))
  }
  if (delayMs === undefined) install()
  else setTimeout(install, delayMs)
  return bridge
}

export function removeFakeBridge(): void {
  delete (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL]
}

/**
 * The same fake as a self-contained script, for a browser test to inject before the app loads
 * (Playwright's addInitScript), together with the app's user agent. Calls are recorded in
 * `window.__alfaBridgeCalls`; `window.__alfaBridgeEmit(event, data)` sends an app event.
 */
export function fakeBridgeScript({ initialData, loginToken, responses = {} }: FakeBridgeOptions = {}): string {
  const config = JSON.stringify({ initialData: initialData ?? null, loginToken: loginToken ?? null, responses })
  return `(function () {
  var config = ${config};
  var listeners = {};
  var calls = (window.__alfaBridgeCalls = []);
  window.__alfaBridgeEmit = function (event, data) {
    (listeners[event] || []).forEach(function (l) { l(data); });
  };
  window[${JSON.stringify(BRIDGE_GLOBAL)}] = {
    initialData: config.initialData,
    invoke: function (name, params, callback) {
      calls.push({ name: name, params: params });
      var answer = name === 'login'
        ? (config.loginToken ? { code: 0, data: { access_token: config.loginToken } } : { code: 1, msg: 'login cancelled' })
        : (config.responses[name] || { code: 0 });
      setTimeout(function () { callback(answer); }, 0);
    },
    on: function (event, listener) { (listeners[event] = listeners[event] || []).push(listener); }
  };
  window.dispatchEvent(new Event(${JSON.stringify(BRIDGE_READY_EVENT)}));
})();`
}
