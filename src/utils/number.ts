import {
  absAbovePowerOfTen,
  decimalToString,
  isZero,
  parseDecimal,
  roundDecimal,
  shiftDecimal,
  truncateDecimal,
  type Decimal,
} from './decimal'

/**
 * Figures as the app shows them (spec section 9): percentages, NAVs, amounts, counts and the tone
 * of a change. Kept apart from the dates of format.ts so that a screen showing figures only (the
 * home page, in the mini-program's main package) does not carry dayjs.
 */

/** What a missing figure shows (spec section 9). */
export const NULL_TEXT = '--'

export const PERCENT_DIGITS = 2
export const NAV_DIGITS = 4
export const AMOUNT_DIGITS = 2
/** Amounts above this are shown in 亿. */
const YI_POWER = 8

/** A figure as the server sends it: NUMERIC as a decimal string, or a number. */
export type Numeric = string | number | null | undefined

export interface NumberOptions {
  /** Prefix positive values with '+' (returns in Chinese apps carry a sign). Default false. */
  sign?: boolean
  /** Group the integer part by thousands. Default false. */
  thousands?: boolean
}

function parse(value: Numeric): Decimal | null {
  return value === null || value === undefined || value === '' ? null : parseDecimal(value)
}

function render(d: Decimal, { sign = false, thousands = false }: NumberOptions): string {
  const text = decimalToString(d, { thousands })
  return sign && !d.negative && !isZero(d) ? `+${text}` : text
}

/** A number rounded (half away from zero) to `digits` decimals; null shows '--'. */
export function formatNumber(value: Numeric, digits = AMOUNT_DIGITS, options: NumberOptions = {}): string {
  const d = parse(value)
  return d ? render(roundDecimal(d, digits), options) : NULL_TEXT
}

export interface PercentOptions extends NumberOptions {
  /**
   * The value is a ratio, as the server sends rates (Decimal "0.0123" means 1.23%). Default true;
   * false for a value already in percent.
   */
  ratio?: boolean
}

/** A percentage with 2 decimals by default: '1.23%', '+1.23%' with sign; null shows '--'. */
export function formatPercent(value: Numeric, digits = PERCENT_DIGITS, { ratio = true, ...options }: PercentOptions = {}): string {
  const d = parse(value)
  if (!d) return NULL_TEXT
  return `${render(roundDecimal(ratio ? shiftDecimal(d, 2) : d, digits), options)}%`
}

/** A net value (NAV) with 4 decimals by default; null shows '--'. */
export function formatNav(value: Numeric, digits = NAV_DIGITS): string {
  return formatNumber(value, digits)
}

/** Thousand separators with 2 decimals: '1,234,567.89'. */
export function formatThousands(value: Numeric, digits = AMOUNT_DIGITS): string {
  return formatNumber(value, digits, { thousands: true })
}

/** Money: above 1e8 in units of 亿 with 2 decimals ('1.23亿'), otherwise thousand separators with 2 decimals. */
export function formatAmount(value: Numeric, options: NumberOptions = {}): string {
  const d = parse(value)
  if (!d) return NULL_TEXT
  if (absAbovePowerOfTen(d, YI_POWER)) return `${render(roundDecimal(shiftDecimal(d, -YI_POWER), AMOUNT_DIGITS), options)}亿`
  return render(roundDecimal(d, AMOUNT_DIGITS), { thousands: true, ...options })
}

/**
 * A count (followers, visits): under 100 shows nothing, under 10000 the exact number, exactly
 * 10000 '1w', otherwise the number of ten-thousands truncated to one decimal and 'w+'.
 */
export function formatCount(value: Numeric): string {
  const d = parse(value)
  if (!d) return ''
  const n = Number(decimalToString(truncateDecimal(d, 0)))
  if (n < 100) return ''
  if (n < 10000) return String(n)
  if (n === 10000) return '1w'
  const tenThousands = decimalToString(truncateDecimal(shiftDecimal(truncateDecimal(d, 0), -4), 1))
  return `${tenThousands.replace(/\.0$/, '')}w+`
}

/** Decimals of a ratio shown as a percent with 2 decimals (0.0123 → 1.23%). */
const RATE_PLACES = PERCENT_DIGITS + 2

/**
 * Tone of a change as shown: rise (red), fall (green) or flat (grey), by the sign of the figure
 * rounded to the `places` decimals it is shown with (default: a ratio shown as a percent), so a
 * figure that shows as 0.00% is grey, not green.
 */
export function toneOf(value: Numeric, places = RATE_PLACES): 'rise' | 'fall' | 'flat' {
  const d = parse(value)
  const shown = d && roundDecimal(d, places)
  if (!shown || isZero(shown)) return 'flat'
  return shown.negative ? 'fall' : 'rise'
}

const TONE_MODIFIER = { rise: 'up', fall: 'down', flat: 'flat' } as const

/** toneOf as the `--up` / `--down` / `--flat` modifier of the fund, watchlist and filter-table figures. */
export function toneModifier(value: Numeric, places = RATE_PLACES): 'up' | 'down' | 'flat' {
  return TONE_MODIFIER[toneOf(value, places)]
}
