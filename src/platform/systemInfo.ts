import Taro from '@tarojs/taro'

/** The host's figures the app reads (a subset of getSystemInfoSync's answer). */
export interface SystemFigures {
  statusBarHeight?: number
  screenHeight?: number
  screenWidth?: number
  windowHeight?: number
  windowWidth?: number
  theme?: string
}

/** Mini-programs: the host's system info. H5 has systemInfo.h5.ts. */
export function systemInfo(): SystemFigures {
  return Taro.getSystemInfoSync()
}

/** The window's size in CSS px (getWindowInfo where the base library has it). */
export function windowSize(): { width: number; height: number } {
  try {
    const info = typeof Taro.getWindowInfo === 'function' ? Taro.getWindowInfo() : Taro.getSystemInfoSync()
    return { width: info.windowWidth, height: info.windowHeight }
  } catch {
    return { width: 375, height: 667 }
  }
}
