import {
  classifyChunkError,
  installChunkErrorReporting,
  LAZY_CHUNK_TIMEOUT_MS,
  reportChunkError,
  withChunkTimeout,
} from '@/services/chunkLoad'

const chunkError = Object.assign(new Error('Loading chunk 12 failed.\n(error: http://localhost/js/12.js)'), {
  name: 'ChunkLoadError',
  request: 'http://localhost/js/12.js',
})
const cssError = Object.assign(new Error('Loading CSS chunk 12 failed.\n(http://localhost/css/12.css)'), {
  code: 'CSS_CHUNK_LOAD_FAILED',
  request: 'http://localhost/css/12.css',
})

describe('chunk load failure and style-chunk failure are reported by the loader', () => {
  it('tells the two apart and ignores other errors', () => {
    expect(classifyChunkError(chunkError)).toBe('chunk')
    expect(classifyChunkError(cssError)).toBe('style')
    expect(classifyChunkError(new TypeError('x is undefined'))).toBeNull()
  })
  it('reports each as its own event', () => {
    const report = jest.fn()
    expect(reportChunkError(chunkError, report)).toBe(true)
    expect(reportChunkError(cssError, report)).toBe(true)
    expect(reportChunkError(new Error('other'), report)).toBe(false)
    expect(report.mock.calls).toEqual([
      ['chunk_load_error', { message: chunkError.message, chunk_url: 'http://localhost/js/12.js' }],
      ['style_chunk_load_error', { message: cssError.message, chunk_url: 'http://localhost/css/12.css' }],
    ])
  })
  it('unhandled chunk rejections on the page are reported', () => {
    const report = jest.fn()
    const uninstall = installChunkErrorReporting(window, report)
    const event = new Event('unhandledrejection') as Event & { reason?: unknown }
    event.reason = cssError
    window.dispatchEvent(event)
    uninstall()
    window.dispatchEvent(event)
    expect(report).toHaveBeenCalledTimes(1)
    expect(report.mock.calls[0][0]).toBe('style_chunk_load_error')
  })
})

describe('lazy chunk load timeout is 120000 ms', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())
  it('a chunk still loading at 120000 ms fails as a chunk load error', async () => {
    expect(LAZY_CHUNK_TIMEOUT_MS).toBe(120000)
    const load = withChunkTimeout(() => new Promise(() => undefined))()
    const settled = jest.fn()
    load.catch(settled)
    await jest.advanceTimersByTimeAsync(119999)
    expect(settled).not.toHaveBeenCalled()
    await jest.advanceTimersByTimeAsync(1)
    expect(classifyChunkError(settled.mock.calls[0][0])).toBe('chunk')
  })
  it('a chunk that loads in time resolves', async () => {
    const load = withChunkTimeout(() => Promise.resolve('page'))()
    await expect(load).resolves.toBe('page')
  })
})
