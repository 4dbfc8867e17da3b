import { useEffect, useState } from 'react'
import type { LoadState } from '@/components/AsyncContent'
import { execute } from '@/services/graphql'
import { PortfolioEntryDocument } from '@/services/generated/graphql'
import { PortfolioPending } from '../PortfolioPending'
import { PortfolioDetailScreen } from '../detail/DetailScreen'
import { kindKnown, rememberKinds } from '../kind'

/**
 * /alfa/portfolio/:poCode: a code whose kind is not known yet (a shared link) is asked with
 * PortfolioEntry first, which picks the detail's branch (no wasted ask in the wrong one) or shows
 * the not-found state; a known kind goes straight to the detail.
 */
export function PortfolioEntryScreen({ poCode }: { poCode: string }) {
  const [state, setState] = useState<LoadState>(() => (!poCode ? 'notFound' : kindKnown(poCode) ? 'ready' : 'loading'))
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (state !== 'loading') return undefined
    let live = true
    execute(PortfolioEntryDocument, { poCode }).then(
      (d) => {
        if (!live) return
        if (d.portfolio) rememberKinds([d.portfolio])
        setState(d.portfolio ? 'ready' : 'notFound')
      },
      () => live && setState('error'),
    )
    return () => {
      live = false
    }
  }, [poCode, state, attempt])
  if (state === 'ready') return <PortfolioDetailScreen poCode={poCode} />
  return (
    <PortfolioPending
      state={state}
      onRetry={() => {
        setState('loading')
        setAttempt((n) => n + 1)
      }}
    />
  )
}
