import type { SystemFigures } from './systemInfo'

export type { SystemFigures } from './systemInfo'

/**
 * H5: the window's own figures. Taro's getSystemInfoSync and getWindowInfo live in a module that
 * parses the user agent with the platform library as soon as it loads (about 40 ms of a first
 * screen on a 4x slowed CPU, and 8 KB of app.js), for fields the app does not read. (No status bar
 * on H5: device.ts counts none; the scheme comes from theme.ts's media query.)
 */
export function systemInfo(): SystemFigures {
  if (typeof window === 'undefined') return {}
  return {
    screenHeight: window.screen?.height,
    screenWidth: window.screen?.width,
    windowHeight: window.innerHeight,
    windowWidth: window.innerWidth,
  }
}

export function windowSize(): { width: number; height: number } {
  if (typeof window === 'undefined') return { width: 375, height: 667 }
  return { width: window.innerWidth, height: window.innerHeight }
}
