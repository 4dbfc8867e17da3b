import { Text, View } from '@tarojs/components'
import { SignedRate } from '@/components/Figure'
import type { FundReturnsGridFragment } from '@/services/generated/graphql'
import '../index.scss'

/** Returns over the standard periods, three to a row (fragment FundReturnsGrid). */
export function ReturnsGrid({ items }: { items: ReadonlyArray<FundReturnsGridFragment> }) {
  return (
    <View className='alfa-fund-grid'>
      {items.map((r) => (
        <View key={r.period} className='alfa-fund-grid__cell' data-period={r.period}>
          <SignedRate value={r.value} className='alfa-fund-grid__value' />
          <Text className='alfa-fund-grid__label'>{r.label}</Text>
        </View>
      ))}
    </View>
  )
}
