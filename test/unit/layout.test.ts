import { BASE_FONT_SIZE, DESIGN_WIDTH, DEVICE_RATIO, PX_PER_REM_FACTOR } from '../../config/layout'

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
