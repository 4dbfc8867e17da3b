import { Text, View } from '@tarojs/components'
import './index.scss'

/** The strategy's name (and code) heading a sub-screen (its answer spreads PortfolioScreenHead). */
export function PortfolioTitle({ poName, poCode, sub }: { poName: string; poCode: string; sub?: string | null }) {
  return (
    <View className='alfa-po-title'>
      <Text className='alfa-po-title__name'>{poName}</Text>
      <Text className='alfa-po-title__code'>{sub ?? poCode}</Text>
    </View>
  )
}
