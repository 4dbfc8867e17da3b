/** Layout constants of spec section 9, shared by the build config and the app. */
export const DESIGN_WIDTH = 1242
export const BASE_FONT_SIZE = 20
/** Device ratios keyed by design width (375:2, 640:1.17, 750:1, 828:0.905, 1242:0.6033). */
export const DEVICE_RATIO: Record<number, number> = {
  375: 2,
  640: 1.17,
  750: 1,
  828: 0.905,
  1242: 0.6033,
}
/** Pixel conversion factor of rem. */
export const PX_PER_REM_FACTOR = 0.854
