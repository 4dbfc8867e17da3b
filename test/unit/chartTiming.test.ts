import { CHART_MEASURES, measureFrom, timed } from '@/components/Chart/timing'

function fakeTimeline() {
  let now = 100
  const measures: Array<{ name: string; start: number; end: number }> = []
  return {
    advance: (ms: number) => (now += ms),
    measures,
    clock: {
      now: () => now,
      measure: ((name: string, opts: { start: number; end: number }) => {
        measures.push({ name, start: opts.start, end: opts.end })
        return undefined
      }) as unknown as Performance['measure'],
    },
  }
}

describe('the chart records its work on the performance timeline (npm run bench:chart)', () => {
  it('timed: the work’s result, and a measure from its start to its end, also when it throws', () => {
    const t = fakeTimeline()
    expect(timed(CHART_MEASURES.model, () => (t.advance(7), 'model'), t.clock)).toBe('model')
    expect(() =>
      timed(
        CHART_MEASURES.draw,
        () => {
          t.advance(3)
          throw new Error('f2')
        },
        t.clock,
      ),
    ).toThrow('f2')
    expect(t.measures).toEqual([
      { name: 'alfa-chart-model', start: 100, end: 107 },
      { name: 'alfa-chart-draw', start: 107, end: 110 },
    ])
  })

  it('measureFrom: one measure from the call to the first finish; later finishes add none', () => {
    const t = fakeTimeline()
    const done = measureFrom(CHART_MEASURES.frame, t.clock)
    t.advance(16)
    done()
    t.advance(5)
    done()
    expect(t.measures).toEqual([{ name: 'alfa-chart-frame', start: 100, end: 116 }])
  })

  it('a host without a timeline (the mini-programs) runs the work and records nothing', () => {
    expect(timed('x', () => 42, null)).toBe(42)
    expect(() => measureFrom('x', null)()).not.toThrow()
  })
})
