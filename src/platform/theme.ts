import Taro from '@tarojs/taro'
import { systemInfo } from './systemInfo'
import { makeAutoObservable } from '@/utils/observable'
import { TARGET } from './env'
import { isNativeApp } from './host'

export type ColorScheme = 'light' | 'dark'

interface ThemeHost {
  /** Current system scheme. */
  read(): ColorScheme
  /** Calls back on every system change. */
  watch(cb: (scheme: ColorScheme) => void): void
  /** Reloads the page (H5 only). */
  reload(): void
}

const asScheme = (v: unknown): ColorScheme => (v === 'dark' ? 'dark' : 'light')

function h5Host(): ThemeHost {
  const query = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null
  return {
    read: () => (query?.matches ? 'dark' : 'light'),
    watch: (cb) => query?.addEventListener?.('change', (e) => cb(e.matches ? 'dark' : 'light')),
    reload: () => window.location.reload(),
  }
}

function miniHost(): ThemeHost {
  return {
    read: () => {
      try {
        return asScheme(systemInfo().theme)
      } catch {
        return 'light'
      }
    },
    watch: (cb) => {
      if (typeof Taro.onThemeChange === 'function') Taro.onThemeChange((res) => cb(asScheme(res.theme)))
    },
    reload: () => undefined,
  }
}

/**
 * Light or dark, following the system setting. In the provider's native app, a change of
 * colour scheme after the first one reloads the page (spec section 1): the app's web view
 * re-renders native chrome only on a fresh load. The first scheme is the one read at start
 * (matchMedia and onThemeChange never report it), so every real change after it reloads.
 */
export class ThemeStore {
  scheme: ColorScheme = 'light'
  private started = false

  constructor(
    private readonly host: ThemeHost,
    private readonly inNativeApp: boolean,
  ) {
    makeAutoObservable<ThemeStore, 'host' | 'inNativeApp'>(this, ['host', 'inNativeApp'])
  }

  start() {
    if (this.started) return
    this.started = true
    this.scheme = this.host.read()
    this.host.watch(this.onSystemChange)
  }

  onSystemChange(scheme: ColorScheme) {
    // A report of the scheme already shown (a host that repeats it) is no change.
    if (this.started && scheme === this.scheme) return
    this.scheme = scheme
    if (this.inNativeApp && this.started) this.host.reload()
  }
}

export function createThemeStore(
  host: ThemeHost = TARGET === 'h5' ? h5Host() : miniHost(),
  inNativeApp = TARGET === 'h5' && isNativeApp(),
) {
  return new ThemeStore(host, inNativeApp)
}

export const theme = createThemeStore()
