import { Text, View } from '@tarojs/components'
import '../index.scss'

/**
 * What a fund whose imported sources contradict each other shows instead of its return figures
 * (Fund.figuresUnavailable): none rather than invented ones, and why in small text.
 */
export function FiguresUnavailable({ reason }: { reason: string }) {
  return (
    <View className='alfa-fund-unavailable' role='note'>
      <Text className='alfa-fund-unavailable__title'>业绩数据暂不可用</Text>
      <Text className='alfa-fund-unavailable__reason'>{reason}</Text>
    </View>
  )
}
