import { useRouter } from '@tarojs/taro'
import { useRemote } from '@/hooks/remote'
import { fundInfo } from '@/services/api'
import { RequestError } from '@/services/request'

/** The fund code of the route (H5 path params arrive merged into params), trimmed; '' when absent. */
export function useFundCode(): string {
  const { params } = useRouter()
  return decodeURIComponent(String(params.fundCode ?? '')).trim()
}

/** The tab index of the achievements route (spec: defaults to 0). */
export function useTabIndex(count: number): number {
  const { params } = useRouter()
  const n = Number(params.tabIndex ?? 0)
  return Number.isInteger(n) && n >= 0 && n < count ? n : 0
}

/**
 * Loads a fund query (`name`: the query, which with the code is its cache key); `null` from the
 * loader (the server's answer for an unknown code) and an empty code are the not-found state.
 */
export function useFundQuery<T>(name: string, fundCode: string, load: (fundCode: string) => Promise<T | null>) {
  return useRemote<T>(`${name}:${fundCode}`, () => (fundCode ? load(fundCode) : Promise.resolve(null)))
}

/**
 * The terminated-fund notice: asks the fund-info REST call, whose terminated answer the request
 * layer turns into the 'fundStopped' event and a RequestError (not a toast). Returns that message
 * for this fund, or null. `enabled` waits until the fund is known to exist (an unknown code would
 * toast the REST 404).
 */
export function useFundStopped(fundCode: string, enabled = true): string | null {
  const { state, data } = useRemote(enabled && fundCode ? `fundStopped:${fundCode}` : null, () =>
    fundInfo(fundCode).then(
      () => '',
      (err: unknown) => {
        if (err instanceof RequestError && err.kind === 'fundStopped') return err.message
        throw err
      },
    ),
  )
  return state === 'ready' && data ? data : null
}
