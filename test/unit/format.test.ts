// The device is in New York: every date must still come out in Shanghai time.
process.env.TZ = 'America/New_York'

import {
  DATE,
  MONTH_DAY,
  NULL_TEXT,
  SHORT_DATE,
  formatAmount,
  drawdownModifier,
  formatCount,
  formatDate,
  formatDrawdown,
  formatMultiple,
  formatFundSize,
  formatNav,
  formatNumber,
  formatPercent,
  formatThousands,
} from '@/utils/format'

describe('the device zone really differs from Shanghai in this test', () => {
  it('has a non-+8 offset', () => {
    expect(new Date('2024-01-15T00:00:00Z').getTimezoneOffset()).not.toBe(-480)
  })
})

describe('percentages have 2 decimals by default', () => {
  // Rates arrive as ratios (Decimal strings): 0.012345 is 1.2345%.
  it.each([
    ['0.012345', '1.23%'],
    ['0.01235', '1.24%'],
    ['-0.00005', '-0.01%'],
    [0.12, '12.00%'],
    ['0', '0.00%'],
  ])('%s → %s', (v, out) => expect(formatPercent(v)).toBe(out))
  it('takes other digit counts', () => expect(formatPercent('0.0123456', 3)).toBe('1.235%'))
  it('reads values already in percent when asked, and carries a sign for gains', () => {
    expect(formatPercent('1.2345', 2, { ratio: false })).toBe('1.23%')
    expect(formatPercent('0.0123', 2, { sign: true })).toBe('+1.23%')
    expect(formatPercent('-0.0123', 2, { sign: true })).toBe('-1.23%')
    expect(formatPercent('0', 2, { sign: true })).toBe('0.00%')
  })
})

describe('net values have 4 decimals by default', () => {
  it('rounds to 4', () => {
    expect(formatNav('1.23456')).toBe('1.2346')
    expect(formatNav('2')).toBe('2.0000')
    expect(formatNav(1.00005)).toBe('1.0001')
  })
})

describe("null shows '--'", () => {
  it.each([null, undefined, '', 'abc'])('%p', (v) => {
    expect(formatPercent(v)).toBe(NULL_TEXT)
    expect(formatNav(v)).toBe('--')
    expect(formatAmount(v)).toBe('--')
    expect(formatThousands(v)).toBe('--')
    expect(formatNumber(v)).toBe('--')
  })
})

describe('amounts above 1e8 are shown in 亿 with 2 decimals', () => {
  it.each([
    ['123456789', '1.23亿'],
    ['12345678901.23', '123.46亿'],
    ['-250000000', '-2.50亿'],
    ['100000000.01', '1.00亿'],
  ])('%s → %s', (v, out) => expect(formatAmount(v)).toBe(out))
  it('1e8 itself is not above 1e8', () => expect(formatAmount('100000000')).toBe('100,000,000.00'))
})

describe('a fund size (sent in 亿) is shown as the amount it is', () => {
  it.each([
    ['123.456', '123.46亿元'],
    ['1.005', '1.01亿元'],
    [1234.5, '1234.50亿元'],
    ['0.5', '50,000,000.00元'],
    ['0.000123', '12,300.00元'],
    ['1', '100,000,000.00元'],
    [null, '--'],
    ['', '--'],
    ['abc', '--'],
  ] as const)('%p → %s', (v, out) => expect(formatFundSize(v)).toBe(out))
})

describe('thousand separators with 2 decimals', () => {
  it.each([
    ['1234567.891', '1,234,567.89'],
    ['999.995', '1,000.00'],
    ['0.5', '0.50'],
    ['-1234.5', '-1,234.50'],
    [1234, '1,234.00'],
  ])('%s → %s', (v, out) => expect(formatThousands(v)).toBe(out))
})

describe('money is formatted from decimal strings exactly', () => {
  it('keeps cents that floats lose', () => {
    // As floats: (1.005).toFixed(2) is '1.00' and 1234567890123456.785 is not representable.
    expect(formatThousands('1.005')).toBe('1.01')
    expect(formatThousands('1234567890123456.785')).toBe('1,234,567,890,123,456.79')
    expect(formatAmount('99999999.995')).toBe('100,000,000.00')
    expect(formatAmount('9007199254740993.125')).toBe('90071992.55亿')
  })
})

describe('count display', () => {
  it.each([
    [0, ''],
    [99, ''],
    [100, '100'],
    [9999, '9999'],
    [10000, '1w'],
    [10001, '1w+'],
    [12345, '1.2w+'],
    [19999, '1.9w+'],
    [20000, '2w+'],
    ['1234567', '123.4w+'],
    [null, ''],
  ])('%p → %p', (v, out) => expect(formatCount(v)).toBe(out))
})

describe('a drawdown is one sign on every screen: a fall', () => {
  it('a positive figure (the strategy NAV history) shows negative', () => {
    expect(formatDrawdown('0.355517')).toBe('-35.55%')
    expect(formatDrawdown(0.1234)).toBe('-12.34%')
  })
  it('a negative figure (a fund performance) stays negative', () => {
    expect(formatDrawdown('-0.355517')).toBe('-35.55%')
  })
  it('zero, and a fall that rounds to zero, show 0.00% without a sign and are flat', () => {
    expect(formatDrawdown('0')).toBe('0.00%')
    expect(formatDrawdown('-0.00004')).toBe('0.00%')
    expect(drawdownModifier('0')).toBe('flat')
    expect(drawdownModifier('-0.00004')).toBe('flat')
  })
  it('a real fall of either sign takes the falling tone', () => {
    expect(drawdownModifier('0.2')).toBe('down')
    expect(drawdownModifier('-0.2')).toBe('down')
  })
  it("null shows '--' and is flat", () => {
    expect(formatDrawdown(null)).toBe(NULL_TEXT)
    expect(formatDrawdown(undefined)).toBe(NULL_TEXT)
    expect(drawdownModifier(null)).toBe('flat')
  })
})

describe('a multiple (AIP advice) shows as times, not percent', () => {
  it('1.5 is 1.5 倍, without trailing zeros', () => {
    expect(formatMultiple('1.5')).toBe('1.5 倍')
    expect(formatMultiple('1.500000')).toBe('1.5 倍')
    expect(formatMultiple('0.9')).toBe('0.9 倍')
    expect(formatMultiple('1')).toBe('1 倍')
    expect(formatMultiple('1.255')).toBe('1.26 倍')
    expect(formatMultiple(null)).toBe(NULL_TEXT)
  })
})

describe('dates are formatted in Asia/Shanghai whatever the device zone', () => {
  // 2024-01-15T16:30:00Z is 2024-01-16 00:30 in Shanghai and 2024-01-15 11:30 in New York.
  const instant = Date.UTC(2024, 0, 15, 16, 30)
  it('uses the default yyyy-MM-dd HH:mm', () => expect(formatDate(instant)).toBe('2024-01-16 00:30'))
  it('formats yyyy-MM-dd, MM-dd and yy.MM.dd', () => {
    expect(formatDate(instant, DATE)).toBe('2024-01-16')
    expect(formatDate(instant, MONTH_DAY)).toBe('01-16')
    expect(formatDate(instant, SHORT_DATE)).toBe('24.01.16')
  })
  it('reads ISO strings with a zone and Date objects', () => {
    expect(formatDate('2024-01-15T16:30:00Z')).toBe('2024-01-16 00:30')
    expect(formatDate(new Date(instant), DATE)).toBe('2024-01-16')
  })
  it('reads a zone-less date as a Shanghai date (a NAV date stays that day)', () => {
    expect(formatDate('2024-03-01', DATE)).toBe('2024-03-01')
    expect(formatDate('2024-03-01 09:15')).toBe('2024-03-01 09:15')
  })
  it('agrees with the platform’s Asia/Shanghai zone (Intl, computed apart from dayjs) every 5 hours from 1992 to 2030', () => {
    const shanghai = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
    const intl = (ms: number) => {
      const p = Object.fromEntries(shanghai.formatToParts(ms).map((x) => [x.type, x.value]))
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`
    }
    const mismatches: string[] = []
    for (let ms = Date.UTC(1992, 0, 1); ms < Date.UTC(2031, 0, 1); ms += 5 * 3600_000 + 7 * 60_000) {
      if (formatDate(ms) !== intl(ms)) mismatches.push(`${new Date(ms).toISOString()}: ${formatDate(ms)} vs ${intl(ms)}`)
    }
    expect(mismatches.slice(0, 5)).toEqual([])
  })
  it('keeps a Shanghai wall-clock time that does not exist in the device’s zone (New York’s spring-forward hour)', () => {
    expect(formatDate('2024-03-10 02:30')).toBe('2024-03-10 02:30')
    expect(formatDate('2024-11-03 01:30')).toBe('2024-11-03 01:30')
  })
  it("shows '--' for nothing or garbage", () => {
    expect(formatDate(null)).toBe('--')
    expect(formatDate('not a date')).toBe('--')
  })
})
