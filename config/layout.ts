/** Layout constants of spec section 9, shared by the build config and the app. */
export const DESIGN_WIDTH = 1242
/** taro-ui's stylesheets measure in px of a 750-wide design. */
export const TARO_UI_DESIGN_WIDTH = 750
export const BASE_FONT_SIZE = 20
/** Device ratios keyed by design width (375:2, 640:1.17, 750:1, 828:0.905, 1242:0.6033). */
export const DEVICE_RATIO: Record<number, number> = {
  375: 2,
  640: 1.17,
  750: 1,
  828: 0.905,
  1242: 0.6033,
}
/** Pixel conversion factor of rem: not applied to the chart's canvas, whose lengths are CSS px like its overlay and legend (components/Chart/draw.ts). */
export const PX_PER_REM_FACTOR = 0.854

/**
 * The design width of a stylesheet (Taro's `designWidth` as a function): 750 for the files of
 * src/styles/taro-ui/, which compile taro-ui's styles, else the app's 1242. Taro prints this
 * function's source into the app (initPxTransform), so it names no outer constant and uses ES5.
 */
export function designWidthOf(input?: { file?: string } | number | string): number {
  // eslint-disable-next-line no-var -- printed into the app as it is (see above), where it must stay ES5
  var file = input && (input as { file?: string }).file
  return file && /[\\/]src[\\/]styles[\\/]taro-ui[\\/]/.test(file) ? 750 : 1242
}

/** Taro's bounds of the H5 root font size, in CSS px at the browsers' default 16px text. */
const MIN_ROOT_SIZE = 20
const MAX_ROOT_SIZE = 40

/**
 * The H5 page's inline script that sets the root font size (every rem of the build): Taro's own
 * (H5WebpackPlugin: from the screen's shorter side, between 20 and 40 px), times the user's default
 * font size over the browsers' 16 px, so that text follows a larger system or browser text setting.
 * The default size is read from a probe in `font-size: medium`. ES5: it runs before any bundle.
 */
export function rootFontScript(): string {
  const rootValue = (BASE_FONT_SIZE / DEVICE_RATIO[DESIGN_WIDTH]) * 2
  return (
    '!function(n){var d=n.document,e=d.documentElement;function f(){' +
    "var p=d.createElement('div');p.style.cssText='position:absolute;visibility:hidden;font-size:medium';" +
    'e.appendChild(p);var k=parseFloat(n.getComputedStyle(p).fontSize)/16||1;e.removeChild(p);' +
    'var r=e.getBoundingClientRect(),w=Math.min.apply(Math,[r.width,r.height].filter(Boolean)),' +
    `x=${rootValue}*w/${DESIGN_WIDTH};x=x>=${MAX_ROOT_SIZE}?${MAX_ROOT_SIZE}:x<=${MIN_ROOT_SIZE}?${MIN_ROOT_SIZE}:x;` +
    "e.style.fontSize=x*k+'px'}" +
    "n.addEventListener('resize',function(){f();setTimeout(f,500)});f()}(window);"
  )
}
