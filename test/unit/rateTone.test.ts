import { formatNumber, formatPercent, toneModifier, toneOf } from '@/utils/format'

/**
 * A rate that rounds to zero shows 0.00% in grey, without a sign (issue #19): the text and its
 * colour both follow the figure as shown, not the raw value's sign.
 */
describe('a tiny rate shows 0.00% in grey, never -0.00% in green', () => {
  it.each([
    ['-0.00001', '0.00%'],
    ['-0.000049', '0.00%'],
    ['0.000049', '0.00%'],
    ['-0.0000', '0.00%'],
    [-0.00001, '0.00%'],
    [-1e-7, '0.00%'],
  ] as const)('%p shows %s with or without a sign', (value, text) => {
    expect(formatPercent(value)).toBe(text)
    expect(formatPercent(value, 2, { sign: true })).toBe(text)
  })

  it.each([['-0.00001'], ['-0.000049'], ['0.000049'], ['-0.0000'], [-0.00001], [-1e-7], ['-0']] as const)('%p is flat', (value) => {
    expect(toneOf(value)).toBe('flat')
    expect(toneModifier(value)).toBe('flat')
  })

  it('the first figure that shows is coloured by its sign', () => {
    expect([formatPercent('-0.00005', 2, { sign: true }), toneOf('-0.00005')]).toEqual(['-0.01%', 'fall'])
    expect([formatPercent('0.00005', 2, { sign: true }), toneOf('0.00005')]).toEqual(['+0.01%', 'rise'])
    expect(toneModifier('-0.0123')).toBe('down')
    expect(toneModifier('0.0123')).toBe('up')
  })

  it('a figure shown with other decimals is toned at those decimals (index points with 2)', () => {
    expect([formatNumber('-0.004', 2, { sign: true }), toneOf('-0.004', 2)]).toEqual(['0.00', 'flat'])
    expect([formatNumber('-0.005', 2, { sign: true }), toneOf('-0.005', 2)]).toEqual(['-0.01', 'fall'])
    expect(toneModifier('0.004', 2)).toBe('flat')
  })
})
