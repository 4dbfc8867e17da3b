import { toneOf } from '@/utils/format'

describe('changes are coloured by sign: red rise, green fall, grey flat or missing', () => {
  it.each([
    ['0.0123', 'rise'],
    ['-0.0001', 'fall'],
    ['0.0000', 'flat'],
    [null, 'flat'],
    ['', 'flat'],
    ['abc', 'flat'],
    [12.3, 'rise'],
  ] as const)('%p is %s', (value, tone) => {
    expect(toneOf(value)).toBe(tone)
  })
})
