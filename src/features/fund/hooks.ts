import Taro, { usePullDownRefresh, useRouter } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { fundInfo } from '@/services/api'
import { appEvents } from '@/services/events'

/** What a fund screen shows: skeleton, error with retry, not-found, or the data. */
export type FundLoadState = 'loading' | 'error' | 'notFound' | 'ready'

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
 * Loads a fund query; `null` from the loader (the server's answer for an unknown code) is the
 * not-found state. Pull-down refresh reloads. Answers of superseded loads are dropped.
 */
export function useFundQuery<T>(fundCode: string, load: (fundCode: string) => Promise<T | null>) {
  const [state, setState] = useState<FundLoadState>('loading')
  const [data, setData] = useState<T | null>(null)
  const seq = useRef(0)
  const hasData = useRef(false)
  const loadRef = useRef(load)
  loadRef.current = load

  const reload = useCallback(async (quiet = false) => {
    const id = ++seq.current
    if (!fundCode) {
      setState('notFound')
      return
    }
    if (!quiet) setState('loading')
    try {
      const result = await loadRef.current(fundCode)
      if (id !== seq.current) return
      setData(result)
      hasData.current = result !== null
      setState(result ? 'ready' : 'notFound')
    } catch {
      // A failed pull-down refresh keeps what is on screen.
      if (id === seq.current) setState(quiet && hasData.current ? 'ready' : 'error')
    }
  }, [fundCode])

  useEffect(() => {
    void reload()
  }, [reload])

  usePullDownRefresh(() => {
    void reload(true).finally(() => Taro.stopPullDownRefresh())
  })

  return { state, data, reload }
}

/**
 * The terminated-fund notice: asks the fund-info REST call, whose terminated answer makes the
 * request layer fire 'fundStopped' (not a toast). Returns that message for this fund, or null.
 * `enabled` waits until the fund is known to exist (an unknown code would toast the REST 404).
 */
export function useFundStopped(fundCode: string, enabled = true): string | null {
  const [msg, setMsg] = useState<string | null>(null)
  useEffect(() => {
    if (!fundCode || !enabled) return
    setMsg(null)
    const off = appEvents.on('fundStopped', (e) => {
      if (e.fundCode === fundCode) setMsg(e.msg)
    })
    // Asked only once the fund is known to exist: an unknown code is the query's not-found state.
    fundInfo(fundCode).catch(() => undefined)
    return off
  }, [fundCode, enabled])
  return msg
}
