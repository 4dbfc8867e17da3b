import Taro from '@tarojs/taro'
import { systemInfo } from './systemInfo'
import { makeAutoObservable } from '@/utils/observable'
import { TARGET, type Target } from './env'

/** The host's menu-button ("capsule") rectangle, in px. */
export interface Capsule {
  top: number
  bottom: number
  left: number
  right: number
  width: number
  height: number
}

/** Device info of spec section 3. */
export interface DeviceInfo {
  statusBarHeight: number
  titleBarHeight: number
  headerHeight: number
  capsule: Capsule | null
  screenHeight: number
  windowHeight: number
  screenWidth: number
  /** Whether mini-program back navigation can be intercepted (WeChat's alert-before-unload). */
  canControlBack: boolean
}

/** Title bar height of a plain bar, and of a mini-program bar when the host gives no capsule. */
export const DEFAULT_TITLE_BAR_HEIGHT = 44

interface SystemLike {
  statusBarHeight?: number
  screenHeight?: number
  windowHeight?: number
  screenWidth?: number
}

/**
 * Capsule-aware bar geometry: the title bar is centred on the capsule, so it is the capsule's
 * height plus the gap above it (between status bar and capsule) mirrored below it.
 */
export function computeDeviceInfo(target: Target, sys: SystemLike, capsule: Capsule | null, canControlBack: boolean): DeviceInfo {
  const statusBarHeight = target === 'h5' ? 0 : (sys.statusBarHeight ?? 0)
  const usableCapsule = target !== 'h5' && capsule && capsule.height > 0 ? capsule : null
  const titleBarHeight = usableCapsule
    ? Math.max(usableCapsule.top - statusBarHeight, 0) * 2 + usableCapsule.height
    : DEFAULT_TITLE_BAR_HEIGHT
  return {
    statusBarHeight,
    titleBarHeight,
    headerHeight: statusBarHeight + titleBarHeight,
    capsule: usableCapsule,
    screenHeight: sys.screenHeight ?? 0,
    windowHeight: sys.windowHeight ?? 0,
    screenWidth: sys.screenWidth ?? 0,
    canControlBack: target === 'weapp' && canControlBack,
  }
}

function readHost(): DeviceInfo {
  let sys: SystemLike = {}
  let capsule: Capsule | null = null
  try {
    sys = systemInfo()
  } catch {
    // Some hosts (tests, old browsers) cannot answer; the defaults stand.
  }
  if (TARGET !== 'h5') {
    try {
      capsule = Taro.getMenuButtonBoundingClientRect()
    } catch {
      capsule = null
    }
  }
  const canControlBack = typeof (Taro as unknown as { enableAlertBeforeUnload?: unknown }).enableAlertBeforeUnload === 'function'
  return computeDeviceInfo(TARGET, sys, capsule, canControlBack)
}

export class DeviceInfoStore implements DeviceInfo {
  statusBarHeight = 0
  titleBarHeight = DEFAULT_TITLE_BAR_HEIGHT
  headerHeight = DEFAULT_TITLE_BAR_HEIGHT
  capsule: Capsule | null = null
  screenHeight = 0
  windowHeight = 0
  screenWidth = 0
  canControlBack = false
  private loaded = false

  constructor() {
    makeAutoObservable(this)
  }

  /** Reads the host once (on first use); later calls are free. */
  ensureLoaded() {
    if (this.loaded) return
    this.set(readHost())
  }

  set(info: DeviceInfo) {
    Object.assign(this, info)
    this.loaded = true
  }
}

export const deviceInfo = new DeviceInfoStore()
