import type { SystemFigures } from './systemInfo'

export type { SystemFigures } from './systemInfo'

/**
 * H5: the window's own figures. Taro's getSystemInfoSync and getWindowInfo live in a module that
 * parses the user agent with the platform library as soon as it loads (about 40 ms of a first
 * screen on a 4x slowed CPU, and 8 KB of app.js), for fields the app does not read.
 */
export function systemInfo(): SystemFigures {
  if (typeof window === 'undefined') return {}
  return {
    statusBarHeight: 0,
    screenHeight: window.screen?.height,
    screenWidth: window.screen?.width,
    windowHeight: window.innerHeight,
    windowWidth: window.innerWidth,
    theme: window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
  }
}

export function windowSize(): { width: number; height: number } {
  if (typeof window === 'undefined') return { width: 375, height: 667 }
  return { width: window.innerWidth, height: window.innerHeight }
}
