/** Exact sums of decimal strings (NUMERIC values) without floating point. */
export function sumDecimals(values: Array<string | null | undefined>, scale = 6): string {
  let total = 0n
  for (const v of values) if (v != null) total += toScaled(v, scale)
  return fromScaled(total, scale)
}

function toScaled(v: string, scale: number): bigint {
  const neg = v.startsWith('-')
  const [int, frac = ''] = (neg ? v.slice(1) : v).split('.')
  const n = BigInt(int || '0') * 10n ** BigInt(scale) + BigInt((frac + '0'.repeat(scale)).slice(0, scale) || '0')
  return neg ? -n : n
}

function fromScaled(n: bigint, scale: number): string {
  const neg = n < 0n
  const abs = neg ? -n : n
  const s = abs.toString().padStart(scale + 1, '0')
  return `${neg ? '-' : ''}${s.slice(0, -scale)}.${s.slice(-scale)}`
}
