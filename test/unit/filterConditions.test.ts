import {
  SIZE_OPTIONS,
  describeConditions,
  fundSizeText,
  sizeKeyOf,
  sizeLabel,
  sizeRange,
  summarizeConditions,
  toConditions,
  withSizeRange,
} from '@/features/filter/conditions'

describe('fund size brackets (亿元: at least min, below max)', () => {
  it('offers what a Chinese fund app shows, in order', () => {
    expect(SIZE_OPTIONS.map((o) => o.label)).toEqual(['2亿以下', '2–10亿', '10–50亿', '50–100亿', '100亿以上'])
  })
  it('a bracket key is a min/max pair; the open ends have none', () => {
    expect(sizeRange('0-2')).toEqual({ max: '2' })
    expect(sizeRange('2-10')).toEqual({ min: '2', max: '10' })
    expect(sizeRange('100-')).toEqual({ min: '100' })
  })
  it('choosing a bracket sets minFundSize/maxFundSize and keeps the other conditions; clearing removes both', () => {
    const chosen = withSizeRange({ categoryCodes: ['STOCK'], minFundSize: '50', maxFundSize: '100' }, '0-2')
    expect(chosen).toEqual({ categoryCodes: ['STOCK'], maxFundSize: '2' })
    expect(withSizeRange(chosen, '10-50')).toEqual({ categoryCodes: ['STOCK'], minFundSize: '10', maxFundSize: '50' })
    expect(withSizeRange(chosen, undefined)).toEqual({ categoryCodes: ['STOCK'] })
  })
  it('the chosen bracket is read back from a form value (also from numbers, as a saved JSON may hold)', () => {
    for (const o of SIZE_OPTIONS) expect(sizeKeyOf(withSizeRange({}, o.value))).toBe(o.value)
    expect(sizeKeyOf({ minFundSize: 2, maxFundSize: 10 })).toBe('2-10')
    expect(sizeKeyOf({})).toBeUndefined()
    expect(sizeKeyOf({ minFundSize: '3' })).toBeUndefined()
  })
  it('the conditions sent to the server carry the size; a saved form value round-trips', () => {
    const form = withSizeRange({ riskLevels: ['Low'] }, '100-')
    const sent = toConditions(JSON.parse(JSON.stringify(form)))
    expect(sent).toEqual({ riskLevels: ['Low'], minFundSize: '100' })
    expect(sizeKeyOf(sent)).toBe('100-')
    expect(toConditions({ minFundSize: '', maxFundSize: null })).toEqual({})
  })
  it('in words: 基金规模 line and the one-line summary', () => {
    expect(describeConditions(withSizeRange({}, '2-10'))).toEqual([{ name: '基金规模', value: '2–10亿' }])
    expect(summarizeConditions({ categoryCodes: ['INDEX'], maxFundSize: '2' })).toBe('指数型 · 规模2亿以下')
    expect(sizeLabel('100', undefined)).toBe('100亿以上')
    expect(sizeLabel('2.50', '10')).toBe('2.5–10亿')
  })
  it('a fund size reads as an amount (formatAmount): 亿 with two decimals above 1亿; unknown is --', () => {
    expect(fundSizeText('1234.5')).toBe('1234.50亿元')
    expect(fundSizeText('1.005')).toBe('1.01亿元')
    expect(fundSizeText('0.5')).toBe('50,000,000.00元')
    expect(fundSizeText(null)).toBe('--')
    expect(fundSizeText('abc')).toBe('--')
  })
})

describe('the other conditions are unchanged', () => {
  it('returnPeriod only with minReturn; empty lists dropped', () => {
    expect(toConditions({ returnPeriod: 'M3', categoryCodes: [] })).toEqual({})
    expect(toConditions({ minReturn: '0.1' })).toEqual({ minReturn: '0.1', returnPeriod: 'Y1' })
    expect(summarizeConditions({})).toBe('全部基金')
  })
})
