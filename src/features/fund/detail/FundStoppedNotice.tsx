import { Text, View } from '@tarojs/components'
import '../index.scss'

/** The terminated-fund notice (fund-info answered the terminated message). */
export function FundStoppedNotice({ msg, terminatedDate }: { msg: string; terminatedDate?: string | null }) {
  return (
    <View className='alfa-fund-stopped' role='alert'>
      <Text className='alfa-fund-stopped__title'>基金已终止</Text>
      <Text className='alfa-fund-stopped__text'>
        {msg}
        {terminatedDate ? `（终止日期 ${terminatedDate}）` : ''}，不再开放申购；以下为终止前的历史数据。
      </Text>
    </View>
  )
}
