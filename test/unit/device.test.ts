import { computeDeviceInfo, DEFAULT_TITLE_BAR_HEIGHT, DeviceInfoStore } from '@/platform/device'

// An iPhone 14 in WeChat: status bar 47, capsule 87×32 at top 51, right edge 383 of 390.
const capsule = { top: 51, bottom: 83, left: 296, right: 383, width: 87, height: 32 }
const sys = { statusBarHeight: 47, screenHeight: 844, windowHeight: 844, screenWidth: 390 }

describe('device info: the navigation bar is centred on the host capsule', () => {
  it('WeChat: title bar = capsule height + twice the gap under the status bar', () => {
    const info = computeDeviceInfo('weapp', sys, capsule, true)
    expect(info.statusBarHeight).toBe(47)
    expect(info.titleBarHeight).toBe(32 + 2 * (51 - 47))
    expect(info.headerHeight).toBe(47 + 40)
    expect(info.capsule).toEqual(capsule)
    expect(info.screenHeight).toBe(844)
    expect(info.windowHeight).toBe(844)
    expect(info.canControlBack).toBe(true)
  })

  it('Baidu: same geometry, back navigation cannot be controlled', () => {
    const info = computeDeviceInfo('swan', sys, capsule, true)
    expect(info.headerHeight).toBe(87)
    expect(info.canControlBack).toBe(false)
  })

  it('a host without a capsule gets the plain bar height', () => {
    const info = computeDeviceInfo('weapp', sys, { ...capsule, height: 0 }, false)
    expect(info.titleBarHeight).toBe(DEFAULT_TITLE_BAR_HEIGHT)
    expect(info.capsule).toBeNull()
  })

  it('H5: a plain bar with no status bar and no capsule', () => {
    const info = computeDeviceInfo('h5', sys, capsule, true)
    expect(info).toMatchObject({ statusBarHeight: 0, titleBarHeight: 44, headerHeight: 44, capsule: null, canControlBack: false })
  })

  it('the store keeps what it is given', () => {
    const store = new DeviceInfoStore()
    store.set(computeDeviceInfo('weapp', sys, capsule, true))
    expect(store.headerHeight).toBe(87)
  })
})
