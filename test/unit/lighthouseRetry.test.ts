import { lighthouseRuntimeError, withRuntimeErrorRetry } from '../e2e/lib/lighthouseRetry'

const NO_NAVSTART =
  'lighthouse http://127.0.0.1:1/x exited 1:\nRuntime error encountered: Something went wrong with recording the trace over your page load. Please run Lighthouse again. (NO_NAVSTART)\n'

describe('bench-lighthouse retries a run once on a Lighthouse runtime error', () => {
  it('reads the runtime error code from the CLI output', () => {
    expect(lighthouseRuntimeError(NO_NAVSTART)).toBe('NO_NAVSTART')
    expect(lighthouseRuntimeError('lighthouse exited 1: ECONNREFUSED')).toBeNull()
  })

  it('a runtime error is retried once and said; the second run answers', async () => {
    const said: string[] = []
    let calls = 0
    const result = await withRuntimeErrorRetry(
      async () => {
        calls++
        if (calls === 1) throw new Error(NO_NAVSTART)
        return 'report'
      },
      (code) => said.push(code),
    )
    expect(result).toBe('report')
    expect(calls).toBe(2)
    expect(said).toEqual(['NO_NAVSTART'])
  })

  it('a second runtime error, or any other failure, is thrown', async () => {
    let calls = 0
    await expect(
      withRuntimeErrorRetry(
        async () => {
          calls++
          throw new Error(NO_NAVSTART)
        },
        () => undefined,
      ),
    ).rejects.toThrow('NO_NAVSTART')
    expect(calls).toBe(2)
    calls = 0
    await expect(
      withRuntimeErrorRetry(
        async () => {
          calls++
          throw new Error('lighthouse exited 1: ECONNREFUSED')
        },
        () => undefined,
      ),
    ).rejects.toThrow('ECONNREFUSED')
    expect(calls).toBe(1)
  })
})
