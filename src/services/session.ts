import { makeAutoObservable } from '@/utils/observable'
import { BRIDGE_WAIT_MS } from './bridgeProtocol'

/**
 * Whether the saved login has been restored yet (spec section 4: the token is loaded at
 * start-up). On H5 the start-up services come in their own chunk and, in the native app, the
 * bridge may take up to 3 s to hand the token over: screens can load before that. Anything that
 * depends on the user waits for `sessionRestored()`, which settles when the restore ends, or at
 * the latest SESSION_WAIT_MS after it began (nothing hangs on a bridge that never comes).
 * Without a restore under way (tests, a restore already done) it is settled at once.
 */

/** The bridge's wait plus time for the start-up chunk to arrive. */
export const SESSION_WAIT_MS = BRIDGE_WAIT_MS + 1000

class SessionState {
  /** False only while a restore is under way. */
  restored = true

  constructor() {
    makeAutoObservable(this)
  }

  setRestored(value: boolean) {
    this.restored = value
  }
}

export const session = new SessionState()

let waiting: Promise<void> = Promise.resolve()
let finish: (() => void) | null = null
let begun = false

/** A restore of the saved login has started (the app's launch); once per app start. */
export function beginSessionRestore(timeoutMs: number = SESSION_WAIT_MS): void {
  if (begun) return
  begun = true
  session.setRestored(false)
  waiting = new Promise<void>((resolve) => {
    const timer = setTimeout(() => finishSessionRestore(), timeoutMs)
    finish = () => {
      clearTimeout(timer)
      resolve()
    }
  })
}

/** The restore ended (token adopted or none found, or the start-up code failed to load). */
export function finishSessionRestore(): void {
  const done = finish
  finish = null
  session.setRestored(true)
  done?.()
}

/** Settles once the saved login is restored (or the wait is over); never rejects. */
export function sessionRestored(): Promise<void> {
  return waiting
}

/** Forgets any restore (tests start each case from a fresh app). */
export function resetSession(): void {
  finishSessionRestore()
  begun = false
  waiting = Promise.resolve()
}
