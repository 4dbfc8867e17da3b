import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { formatDate, MONTH_DAY } from '@/utils/format'
import './index.scss'

/** One entry of a timeline: the date on the left, the record on the right. */
export function TimelineItem({ date, children }: { date: string; children: ReactNode }) {
  return (
    <View className='alfa-po-rec' role='listitem'>
      <View className='alfa-po-rec__rail'>
        <Text className='alfa-po-rec__date'>{formatDate(date, MONTH_DAY)}</Text>
        <Text className='alfa-po-rec__year'>{formatDate(date, 'yyyy')}</Text>
        <View className='alfa-po-rec__dot' />
      </View>
      <View className='alfa-po-rec__body'>{children}</View>
    </View>
  )
}
