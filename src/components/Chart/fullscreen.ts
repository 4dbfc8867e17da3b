/**
 * Fullscreen state of the chart. Fullscreen shows the chart across the long side of the screen
 * (rotated while the device is upright); it ends when the user toggles it off, when the native
 * fullscreen ends, or when the device turns to landscape (the page itself is wide then).
 * Inside the provider's iOS app from bundle 255 the app's native fullscreen is used.
 */
import { nativeSupports, type HostInfo } from '@/platform/host'

export type FullscreenMode = 'native' | 'rotated'

export interface FullscreenState {
  on: boolean
  mode: FullscreenMode | null
}

export type FullscreenEvent =
  | { type: 'toggle' }
  | { type: 'enter' }
  | { type: 'exit' }
  /** The native fullscreen (or the browser's) ended. */
  | { type: 'ended' }
  /** The window changed size or orientation. */
  | { type: 'resize'; landscape: boolean }

export const FULLSCREEN_OFF: FullscreenState = { on: false, mode: null }

/** Native fullscreen where the app supports it (iOS bundle 255 and later), else a rotated view. */
export function fullscreenMode(host: HostInfo): FullscreenMode {
  return nativeSupports(host, 'fullscreen') ? 'native' : 'rotated'
}

export function nextFullscreen(state: FullscreenState, event: FullscreenEvent, mode: FullscreenMode): FullscreenState {
  switch (event.type) {
    case 'toggle':
      return state.on ? FULLSCREEN_OFF : { on: true, mode }
    case 'enter':
      return state.on ? state : { on: true, mode }
    case 'exit':
    case 'ended':
      return state.on ? FULLSCREEN_OFF : state
    case 'resize':
      // The native fullscreen turns the web view itself to landscape: only the rotated view ends.
      return state.on && state.mode === 'rotated' && event.landscape ? FULLSCREEN_OFF : state
    default:
      return state
  }
}

/**
 * What Taro.onWindowResize reports: mini-programs give `size` (WeChat adds deviceOrientation);
 * Taro's H5 gives the screen's size at the top level, which does not change when only the
 * browser window does, so the window's current size is passed as `current`.
 */
export interface WindowResizeResult {
  deviceOrientation?: string
  size?: { windowWidth?: number; windowHeight?: number }
  windowWidth?: number
  windowHeight?: number
}

export function isLandscape(res: WindowResizeResult, current?: { width: number; height: number }): boolean {
  if (res.deviceOrientation === 'landscape') return true
  if (res.deviceOrientation === 'portrait') return false
  const w = current?.width ?? res.size?.windowWidth ?? res.windowWidth ?? 0
  const h = current?.height ?? res.size?.windowHeight ?? res.windowHeight ?? 0
  return w > h && h > 0
}
