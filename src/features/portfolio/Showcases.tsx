import { Text, View } from '@tarojs/components'
import { NotFound, Pending, type NotFoundText } from '@/components/AsyncContent'
import { ToneText } from '@/components/Figure'
import type { LoadState } from '@/hooks/remote'
import type { PortfolioShowcaseFragment } from '@/services/generated/graphql'
import { MONEY_TYPE_NAME, RISK_LEVEL_NAME } from './names'
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

/** Showcase values an older server sent as enum codes read as their Chinese names. */
function showcaseText({ key, valueText }: PortfolioShowcaseFragment): string {
  if (key === 'riskLevel') return RISK_LEVEL_NAME[valueText as keyof typeof RISK_LEVEL_NAME] ?? valueText
  if (key === 'moneyType') return MONEY_TYPE_NAME[valueText as keyof typeof MONEY_TYPE_NAME] ?? valueText
  return valueText
}

/** Feature or performance showcase: each value in its font colour (Positive red, Negative green, Primary blue, …). */
export function Showcases({ items }: { items: ReadonlyArray<PortfolioShowcaseFragment> }) {
  return (
    <View className='alfa-po-showcase'>
      {items.map((item) => (
        <View key={item.key} className='alfa-po-showcase__item' data-key={item.key}>
          <ToneText tone={item.fontColor} className='alfa-po-showcase__value'>
            {showcaseText(item)}
          </ToneText>
          <Text className='alfa-po-showcase__name'>{item.displayName}</Text>
        </View>
      ))}
    </View>
  )
}
