import { Text, View } from '@tarojs/components'
import { AsyncContent } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import type { LoadState } from '@/hooks/remote'
import { goBackOrHome } from '@/services/navigation'
import './index.scss'

/** Unknown (or hidden on this brand) strategy code: a not-found state with a way back. */
export function PortfolioNotFound() {
  return (
    <Empty
      title='策略不存在'
      description='该策略不存在或暂不可见，请返回上一页重新选择。'
      actionText='返回'
      onAction={() => void goBackOrHome()}
    />
  )
}

/** A strategy screen until its answer is there: not found, the skeleton, or the error with a retry. */
export function PortfolioPending({ state, onRetry, rows = 8 }: { state: LoadState; onRetry: () => void; rows?: number }) {
  if (state === 'notFound') return <PortfolioNotFound />
  return <AsyncContent state={state} onRetry={onRetry} skeleton={{ rows }} />
}

/** The strategy's name (and code) heading a sub-screen. */
export function PortfolioTitle({ poName, poCode, sub }: { poName: string; poCode: string; sub?: string | null }) {
  return (
    <View className='alfa-po-title'>
      <Text className='alfa-po-title__name'>{poName}</Text>
      <Text className='alfa-po-title__code'>{sub ?? poCode}</Text>
    </View>
  )
}

/** The caveat under every strategy figure. */
export function PortfolioFoot({ text }: { text?: string }) {
  return <Text className='alfa-po-foot'>{text ?? '策略业绩为演示数据，过往业绩不代表未来表现，不构成投资建议。'}</Text>
}
