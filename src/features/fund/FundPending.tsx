import { Pending, type NotFoundText } from '@/components/AsyncContent'
import type { LoadState } from '@/hooks/remote'

const FUND_NOT_FOUND: NotFoundText = {
  title: '基金不存在',
  description: '请检查基金代码是否正确，或返回上一页重新选择。',
}

/** A fund screen until its fund is there: not found, the skeleton, or the error with a retry. */
export function FundPending({ state, onRetry, rows }: { state: LoadState; onRetry: () => void; rows: number }) {
  return <Pending state={state} onRetry={onRetry} rows={rows} notFound={FUND_NOT_FOUND} />
}
