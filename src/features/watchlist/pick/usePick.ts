import { useEffect, useMemo } from 'react'
import { user } from '@/services/user'
import { pickStore, type PickStore } from './pickStore'

/** A pick toggle for one fund or several; read inside an observer component. */
export function usePick(fundCodes: readonly string[], store: PickStore = pickStore) {
  const key = fundCodes.join(',')
  const codes = useMemo(() => (key ? key.split(',') : []), [key])
  const isLogin = user.isLogin
  useEffect(() => {
    // A pick that sent the user to log in is finished on the return.
    if (isLogin) void store.load().then(() => store.resumePending(codes))
  }, [isLogin, store, codes])
  return {
    picked: store.isPicked(codes),
    pending: store.isPending(codes),
    toggle: () => store.toggle(codes),
  }
}
