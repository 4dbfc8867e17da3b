import { Text } from '@tarojs/components'
import type { PortfolioCompositionFragment } from '@/services/generated/graphql'
import { formatDate } from '@/utils/format'
import './index.scss'

/** 更新于 line of a composition; nothing without a date. */
export function CompositionUpdated({ composition }: { composition: Pick<PortfolioCompositionFragment, 'updatedAt'> }) {
  if (!composition.updatedAt) return null
  return <Text className='alfa-po-comp__updated'>{`更新于 ${formatDate(composition.updatedAt, 'yyyy-MM-dd')}`}</Text>
}
