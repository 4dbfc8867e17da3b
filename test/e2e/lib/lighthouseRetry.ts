/**
 * Lighthouse's runtime errors (NO_NAVSTART, NO_FCP, PROTOCOL_TIMEOUT...) say the run itself went
 * wrong, not the page: its CLI prints "Runtime error encountered: <message> (<CODE>)" and exits 1.
 */
const RUNTIME_ERROR = /Runtime error encountered:[^\n]*\(([A-Z_]+)\)/

/** The runtime error code in a failed Lighthouse run's output, or null for any other failure. */
export function lighthouseRuntimeError(output: string): string | null {
  return RUNTIME_ERROR.exec(output)?.[1] ?? null
}

/**
 * Runs `run`, and once more when it fails with a Lighthouse runtime error (calling `onRetry` with
 * its code, so the output says so); any other failure, or a second runtime error, is thrown.
 */
export async function withRuntimeErrorRetry<T>(run: () => Promise<T>, onRetry: (code: string) => void): Promise<T> {
  try {
    return await run()
  } catch (err) {
    const code = lighthouseRuntimeError(err instanceof Error ? err.message : String(err))
    if (!code) throw err
    onRetry(code)
    return run()
  }
}
