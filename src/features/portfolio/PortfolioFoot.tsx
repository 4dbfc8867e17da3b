import { Text } from '@tarojs/components'
import './index.scss'

/** The caveat under every strategy figure. */
export function PortfolioFoot({ text }: { text?: string }) {
  return <Text className='alfa-po-foot'>{text ?? '策略业绩为演示数据，过往业绩不代表未来表现，不构成投资建议。'}</Text>
}
