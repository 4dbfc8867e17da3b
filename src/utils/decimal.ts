/**
 * Exact decimal arithmetic on strings, for money and rates. The server sends NUMERIC values as
 * strings ("12345678.905"); going through a float would lose cents ("1.005" → 1.00).
 * No BigInt: some mini-program engines lack it.
 */

/** A parsed decimal: sign, integer digits and fraction digits, no leading/trailing noise. */
export interface Decimal {
  negative: boolean
  int: string
  frac: string
}

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

/** Parses a decimal string or a finite number; null for anything else. */
export function parseDecimal(value: string | number): Decimal | null {
  // String(n) may use an exponent ("1e-7"), which the pattern accepts.
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim()
  const m = DECIMAL_RE.exec(text)
  if (!m || (!m[2] && !m[3])) return null
  let int = m[2] || '0'
  let frac = m[3] ?? ''
  const exp = m[4] ? Number(m[4]) : 0
  if (exp > 0) {
    frac = frac.padEnd(exp, '0')
    int += frac.slice(0, exp)
    frac = frac.slice(exp)
  } else if (exp < 0) {
    int = int.padStart(-exp + 1, '0')
    frac = int.slice(int.length + exp) + frac
    int = int.slice(0, int.length + exp)
  }
  int = int.replace(/^0+(?=\d)/, '')
  return { negative: m[1] === '-' && /[1-9]/.test(int + frac), int, frac }
}

/** Adds one unit in the last place of a digit string ("199" → "200", "99" → "100"). */
function incrementDigits(digits: string): string {
  const out = digits.split('')
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] === '9') {
      out[i] = '0'
    } else {
      out[i] = String(Number(out[i]) + 1)
      return out.join('')
    }
  }
  return `1${out.join('')}`
}

/** Rounds half away from zero to `places` fraction digits. */
export function roundDecimal(d: Decimal, places: number): Decimal {
  if (d.frac.length <= places) return { ...d, frac: d.frac.padEnd(places, '0') }
  const kept = d.int + d.frac.slice(0, places)
  const roundUp = Number(d.frac[places]) >= 5
  const digits = roundUp ? incrementDigits(kept) : kept
  const intLength = digits.length - places
  const int = digits.slice(0, intLength).replace(/^0+(?=\d)/, '') || '0'
  const frac = digits.slice(intLength)
  return { negative: d.negative && /[1-9]/.test(int + frac), int, frac }
}

/** Truncates (towards zero) to `places` fraction digits. */
export function truncateDecimal(d: Decimal, places: number): Decimal {
  const frac = d.frac.slice(0, places).padEnd(places, '0')
  return { negative: d.negative && /[1-9]/.test(d.int + frac), int: d.int, frac }
}

/** Multiplies by 10^power (a shift of the decimal point; power may be negative). */
export function shiftDecimal(d: Decimal, power: number): Decimal {
  if (power === 0) return d
  if (power > 0) {
    const frac = d.frac.padEnd(power, '0')
    const int = `${d.int}${frac.slice(0, power)}`.replace(/^0+(?=\d)/, '')
    return { ...d, int, frac: frac.slice(power) }
  }
  const places = -power
  const int = d.int.padStart(places + 1, '0')
  return {
    ...d,
    int: int.slice(0, int.length - places).replace(/^0+(?=\d)/, ''),
    frac: int.slice(int.length - places) + d.frac,
  }
}

/** True when |d| is strictly greater than 10^power (power ≥ 0). */
export function absAbovePowerOfTen(d: Decimal, power: number): boolean {
  const int = d.int.replace(/^0+/, '')
  if (int.length !== power + 1) return int.length > power + 1
  return int !== `1${'0'.repeat(power)}` || /[1-9]/.test(d.frac)
}

export function isZero(d: Decimal): boolean {
  return !/[1-9]/.test(d.int + d.frac)
}

/** Groups the integer part by thousands. */
export function groupThousands(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

export function decimalToString(d: Decimal, { thousands = false } = {}): string {
  const int = thousands ? groupThousands(d.int) : d.int
  return `${d.negative ? '-' : ''}${int}${d.frac ? `.${d.frac}` : ''}`
}
