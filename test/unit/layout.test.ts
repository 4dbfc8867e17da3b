import { BASE_FONT_SIZE, DESIGN_WIDTH, DEVICE_RATIO, PX_PER_REM_FACTOR, TARO_UI_DESIGN_WIDTH, designWidthOf } from '../../config/layout'

describe('layout constants of spec section 9', () => {
  it('design width 1242, base font size 20, px-to-rem factor 0.854', () => {
    expect(DESIGN_WIDTH).toBe(1242)
    expect(BASE_FONT_SIZE).toBe(20)
    expect(PX_PER_REM_FACTOR).toBe(0.854)
  })
  it('device ratios 375:2, 640:1.17, 750:1, 828:0.905, 1242:0.6033', () => {
    expect(DEVICE_RATIO).toEqual({ 375: 2, 640: 1.17, 750: 1, 828: 0.905, 1242: 0.6033 })
  })
  it('the 1242 design maps onto the 750 rpx screen width (within one rpx: 0.6033 is rounded)', () => {
    expect(Math.abs(DESIGN_WIDTH * DEVICE_RATIO[DESIGN_WIDTH] - 750)).toBeLessThan(1)
  })
})

describe('design width of a stylesheet (taro-ui draws at 750)', () => {
  it('src/styles/taro-ui/ files are at 750, every other file and a bare size at 1242', () => {
    expect(designWidthOf({ file: '/repo/src/styles/taro-ui/tabs.scss' })).toBe(TARO_UI_DESIGN_WIDTH)
    expect(designWidthOf({ file: 'C:\\repo\\src\\styles\\taro-ui\\modal.scss' })).toBe(750)
    expect(designWidthOf({ file: '/repo/src/features/filter/form/FilterScreen.scss' })).toBe(DESIGN_WIDTH)
    expect(designWidthOf({ file: '/repo/node_modules/taro-ui/lib/style/components/tabs.scss' })).toBe(DESIGN_WIDTH)
    expect(designWidthOf(20)).toBe(DESIGN_WIDTH)
    expect(designWidthOf()).toBe(DESIGN_WIDTH)
    expect(DEVICE_RATIO[TARO_UI_DESIGN_WIDTH]).toBe(1)
  })
  it('names no outer constant (Taro prints its source into the app)', () => {
    expect(String(designWidthOf)).not.toMatch(/DESIGN_WIDTH|DEVICE_RATIO/)
  })
})
