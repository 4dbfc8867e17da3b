import { NotFound, Pending, type NotFoundText } from '@/components/AsyncContent'
import type { LoadState } from '@/hooks/remote'
import './index.scss'

const PORTFOLIO_NOT_FOUND: NotFoundText = {
  title: '策略不存在',
  description: '该策略不存在或暂不可见，请返回上一页重新选择。',
}

/** Unknown (or hidden on this brand) strategy code: a not-found state with a way back. */
export function PortfolioNotFound() {
  return <NotFound {...PORTFOLIO_NOT_FOUND} />
}

/** A strategy screen until its answer is there: not found, the skeleton, or the error with a retry. */
export function PortfolioPending({ state, onRetry, rows }: { state: LoadState; onRetry: () => void; rows?: number }) {
  return <Pending state={state} onRetry={onRetry} rows={rows} notFound={PORTFOLIO_NOT_FOUND} />
}
