/**
 * The composition pie's model (shares, percent texts, order, colours) and F2 drawing it through
 * the legacy-context adapter (what Baidu gets).
 */
import { buildPieModel, PIE_PALETTE, roundShares } from '@/components/Chart/pieModel'
import { slicePoints, startPie } from '@/components/Chart/pieDraw'
import { recordingSurface } from '../support/canvas'

describe('percents of the pie add up to exactly 100.00%', () => {
  it('thirds round to 33.34 / 33.33 / 33.33 (the largest remainder, earlier first on a tie)', () => {
    const m = buildPieModel([
      { name: '甲', value: 1 },
      { name: '乙', value: 1 },
      { name: '丙', value: 1 },
    ])
    expect(m.slices.map((s) => s.percentText)).toEqual(['33.34%', '33.33%', '33.33%'])
    expect(m.slices.reduce((s, x) => s + x.hundredths, 0)).toBe(10000)
  })

  it('server fractions that already add up to 1 keep their own percents', () => {
    const m = buildPieModel([
      { name: '固收类', value: '0.350000' },
      { name: '权益类', value: '0.350100' },
      { name: '海外类', value: '0.200100' },
      { name: '商品类', value: '0.099800' },
    ])
    expect(m.slices.map((s) => `${s.name} ${s.percentText}`)).toEqual(['权益类 35.01%', '固收类 35.00%', '海外类 20.01%', '商品类 9.98%'])
  })

  it('shares that do not add up to 1 are taken relative to their sum', () => {
    const m = buildPieModel([
      { name: 'A', value: '0.3' },
      { name: 'B', value: '0.3' },
    ])
    expect(m.slices.map((s) => s.percentText)).toEqual(['50.00%', '50.00%'])
    expect(m.slices[0].fraction).toBeCloseTo(0.5)
  })

  it('many small shares still add up to 10000 hundredths', () => {
    const values = [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 3]
    const shares = roundShares(values)
    expect(shares.reduce((s, v) => s + v, 0)).toBe(10000)
    expect(Math.max(...shares) - Math.min(...shares.slice(0, 11))).toBeLessThanOrEqual(1)
  })
})

describe('order and colours of the slices', () => {
  it('orders the categories from the largest down, equal ones in the order given', () => {
    const m = buildPieModel([
      { name: '小', value: 1 },
      { name: '大', value: 5 },
      { name: '中一', value: 2 },
      { name: '中二', value: 2 },
    ])
    expect(m.slices.map((s) => s.name)).toEqual(['大', '中一', '中二', '小'])
  })

  it('colours the slices from the palette in that order, wrapping after its end', () => {
    const items = Array.from({ length: PIE_PALETTE.length + 1 }, (_, i) => ({ name: `c${i}`, value: 100 - i }))
    const m = buildPieModel(items)
    expect(m.slices[0].color).toBe(PIE_PALETTE[0])
    expect(m.slices[PIE_PALETTE.length].color).toBe(PIE_PALETTE[0])
    expect(new Set(m.slices.slice(0, PIE_PALETTE.length).map((s) => s.color)).size).toBe(PIE_PALETTE.length)
  })

  it('separates slices with the card colour of the scheme', () => {
    expect(buildPieModel([{ name: 'a', value: 1 }], 'light').gap).toBe('#FFFFFF')
    expect(buildPieModel([{ name: 'a', value: 1 }], 'dark').gap).not.toBe('#FFFFFF')
  })
})

describe('empty input', () => {
  it('no categories make no slices', () => {
    expect(buildPieModel([]).slices).toEqual([])
    expect(roundShares([])).toEqual([])
  })

  it('zero, negative and missing amounts are left out; nothing left makes no slices', () => {
    const m = buildPieModel([
      { name: 'a', value: 0 },
      { name: 'b', value: null },
      { name: 'c', value: '-0.1' },
      { name: 'd', value: 'x' },
    ])
    expect(m.slices).toEqual([])
    expect(
      buildPieModel([
        { name: 'a', value: 0 },
        { name: 'e', value: '0.2' },
      ]).slices.map((s) => s.percentText),
    ).toEqual(['100.00%'])
  })
})

describe('drawn by F2 (one polygon per slice)', () => {
  it('a slice is the ring between its angles: outer arc then inner arc, clockwise from the top', () => {
    const pts = slicePoints(50, 50, 40, 20, 0, Math.PI / 2)
    expect(pts[0][0]).toBeCloseTo(50)
    expect(pts[0][1]).toBeCloseTo(10)
    const lastOuter = pts[pts.length / 2 - 1]
    expect(lastOuter[0]).toBeCloseTo(90)
    expect(lastOuter[1]).toBeCloseTo(50)
    expect(pts[pts.length - 1][0]).toBeCloseTo(50)
    expect(pts[pts.length - 1][1]).toBeCloseTo(30)
  })

  it('fills every slice in its palette colour through the legacy adapter', async () => {
    const { calls, surface, drawn } = recordingSurface(132, 132)
    const model = buildPieModel([
      { name: '固收类', value: '0.35' },
      { name: '权益类', value: '0.45' },
      { name: '商品类', value: '0.20' },
    ])
    const runtime = startPie(surface, { model, width: 132, height: 132, center: '权益类' })
    await drawn()
    runtime.destroy()

    expect(calls.some((c) => c[0] === 'draw' && c[1] === true)).toBe(true)
    const fills = calls.filter((c) => c[0] === 'setFillStyle').map((c) => c[1])
    for (const s of model.slices) expect(fills).toContain(s.color)
    // Every point is a real coordinate inside the canvas (F2's polar Interval drew at NaN with G's CSS parsing off).
    const points = calls.filter((c) => c[0] === 'moveTo' || c[0] === 'lineTo').map((c) => [Number(c[1]), Number(c[2])])
    expect(points.length).toBeGreaterThan(model.slices.length * 4)
    for (const [x, y] of points) {
      expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true)
      expect(x >= 0 && x <= 132 && y >= 0 && y <= 132).toBe(true)
    }
    expect(calls.some((c) => c[0] === 'fillText' && c[1] === '权益类')).toBe(true)
  })
})
