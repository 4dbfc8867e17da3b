import { tracker } from './tracking'

/** Lazy chunks (H5 pages) give up after this long (spec section 9; webpack's chunkLoadTimeout). */
export const LAZY_CHUNK_TIMEOUT_MS = 120000
export const CHUNK_LOAD_EVENT = 'chunk_load_error'
export const STYLE_CHUNK_LOAD_EVENT = 'style_chunk_load_error'

export type ChunkFailure = 'chunk' | 'style'

/**
 * webpack rejects a failed script chunk with a ChunkLoadError ('Loading chunk 12 failed.'),
 * mini-css-extract-plugin a failed style chunk with code CSS_CHUNK_LOAD_FAILED
 * ('Loading CSS chunk 12 failed.').
 */
export function classifyChunkError(err: unknown): ChunkFailure | null {
  if (!err || typeof err !== 'object') return null
  const { name, message, code } = err as { name?: unknown; message?: unknown; code?: unknown }
  const text = typeof message === 'string' ? message : ''
  if (code === 'CSS_CHUNK_LOAD_FAILED' || /Loading CSS chunk .+ failed/i.test(text)) return 'style'
  if (name === 'ChunkLoadError' || /Loading chunk .+ failed/i.test(text)) return 'chunk'
  return null
}

export type ChunkReporter = (event: string, properties: Record<string, unknown>) => void

/** Reports a chunk failure; returns whether `err` was one. */
export function reportChunkError(err: unknown, report: ChunkReporter = tracker.track): boolean {
  const kind = classifyChunkError(err)
  if (!kind) return false
  const { message, request } = err as { message?: string; request?: string }
  report(kind === 'style' ? STYLE_CHUNK_LOAD_EVENT : CHUNK_LOAD_EVENT, { message: message ?? '', chunk_url: request ?? '' })
  return true
}

export class ChunkTimeoutError extends Error {
  constructor(ms: number) {
    super(`Loading chunk timed out after ${ms} ms.`)
    this.name = 'ChunkLoadError'
  }
}

/** A lazy loader that rejects with a ChunkLoadError after 120000 ms. */
export function withChunkTimeout<T>(load: () => Promise<T>, ms: number = LAZY_CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms)
      load().then(
        (value) => {
          clearTimeout(timer)
          resolve(value)
        },
        (err: unknown) => {
          clearTimeout(timer)
          reject(err)
        },
      )
    })
}

/** Reports every chunk and style-chunk failure the page does not catch (H5). Returns the uninstaller. */
export function installChunkErrorReporting(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  report: ChunkReporter = tracker.track,
): () => void {
  const onRejection = (e: Event) => reportChunkError((e as PromiseRejectionEvent).reason, report)
  const onError = (e: Event) => reportChunkError((e as ErrorEvent).error, report)
  target.addEventListener('unhandledrejection', onRejection)
  target.addEventListener('error', onError)
  return () => {
    target.removeEventListener('unhandledrejection', onRejection)
    target.removeEventListener('error', onError)
  }
}
