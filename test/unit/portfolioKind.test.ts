import { askByKind, kindOf } from '@/features/portfolio/kind'

type Answer = { poCode: string; seriesType: string | null; askedAs: string }

describe('a strategy query is asked in the branch of its kind (askByKind returns the answer)', () => {
  it('a first visit to a long-win plan asks as ordinary, then again as long-win, and returns the long-win answer', async () => {
    const asked: string[] = []
    const answer = await askByKind<Answer>('LW000009', async (kind) => {
      asked.push(kind)
      return { poCode: 'LW000009', seriesType: 'LONG_WIN', askedAs: kind }
    })
    expect(asked).toEqual(['ordinary', 'longWin'])
    expect(answer).toEqual({ poCode: 'LW000009', seriesType: 'LONG_WIN', askedAs: 'longWin' })
    expect(kindOf('LW000009')).toBe('longWin')
  })

  it('a known kind is asked once; partial answers reach progress only from the right branch', async () => {
    const partials: Answer[] = []
    const answer = await askByKind<Answer>(
      'ZH000009',
      async (kind, onData) => {
        onData({ poCode: 'ZH000009', seriesType: 'LONG_WIN', askedAs: 'wrong branch' })
        onData({ poCode: 'ZH000009', seriesType: null, askedAs: kind })
        return { poCode: 'ZH000009', seriesType: null, askedAs: kind }
      },
      (partial) => partials.push(partial),
    )
    expect(answer).toEqual({ poCode: 'ZH000009', seriesType: null, askedAs: 'ordinary' })
    expect(partials).toEqual([{ poCode: 'ZH000009', seriesType: null, askedAs: 'ordinary' }])
  })

  it('no such strategy: null', async () => {
    expect(await askByKind<Answer>('ZZ999999', async () => null)).toBeNull()
  })
})
