import { cumulative, PERIOD_RANGE } from '@/components/Chart'
import { toneModifier } from '@/utils/format'
import { CHART_PERIODS } from '@/components/Chart'

describe('fund chart: both lines start at 0% on the first day of the period', () => {
  it('cumulative return from the first NAV', () => {
    expect(
      cumulative([
        { date: '2026-01-05', value: '1.2500' },
        { date: '2026-01-06', value: '1.5000' },
      ]),
    ).toEqual([
      { date: '2026-01-05', value: 0 },
      { date: '2026-01-06', value: 0.19999999999999996 },
    ])
    expect(cumulative([])).toEqual([])
  })
  it('every period tab has a server range', () => {
    for (const p of CHART_PERIODS) expect(PERIOD_RANGE[p.value]).toMatch(/^(1M|3M|6M|1Y|3Y|5Y|YTD|SETUP)$/)
  })
})

describe('red up, green down, grey for zero or missing', () => {
  it.each([
    ['0.0100', 'up'],
    ['-0.0100', 'down'],
    ['0.0000', 'flat'],
    [null, 'flat'],
  ] as const)('%s is %s', (v, t) => {
    expect(toneModifier(v)).toBe(t)
  })
})
