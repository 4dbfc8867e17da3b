/** Page-size bounds of the page-valid helper (spec section 9). */
export const PAGE_SIZE_MIN = 5
export const PAGE_SIZE_MAX = 10

/** A page size is valid when it is an integer within the bounds (5 and 10 by default). */
export function isPageValid(size: unknown, min: number = PAGE_SIZE_MIN, max: number = PAGE_SIZE_MAX): size is number {
  return typeof size === 'number' && Number.isInteger(size) && size >= min && size <= max
}

/** The size itself when valid, else the nearest bound (anything unreadable becomes the minimum). */
export function validPageSize(size: unknown, min: number = PAGE_SIZE_MIN, max: number = PAGE_SIZE_MAX): number {
  const n = typeof size === 'string' && size.trim() !== '' ? Number(size) : size
  if (typeof n !== 'number' || !Number.isFinite(n)) return min
  return Math.min(max, Math.max(min, Math.trunc(n)))
}
