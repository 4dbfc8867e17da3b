import { useRouter } from '@tarojs/taro'
import { useRemote, type RemoteOptions } from '@/hooks/remote'

/** A route parameter (H5 path params arrive merged into params), decoded and trimmed; '' when absent. */
export function useRouteParam(name: 'poCode' | 'sigId'): string {
  const { params } = useRouter()
  const raw = String(params[name] ?? '')
  try {
    return decodeURIComponent(raw).trim()
  } catch {
    return raw.trim()
  }
}

/** The strategy code of the route. */
export const usePoCode = () => useRouteParam('poCode')

/**
 * Loads a strategy query (`name` with the code is its cache key); `null` from the loader (the
 * server's answer for an unknown or hidden poCode) and an empty code are the not-found state.
 */
export function usePortfolioQuery<T>(
  name: string,
  poCode: string,
  load: (poCode: string, progress: (partial: T) => void) => Promise<T | null>,
  options?: RemoteOptions<T>,
) {
  return useRemote<T>(`${name}:${poCode}`, (progress) => (poCode ? load(poCode, progress) : Promise.resolve(null)), options)
}
