import { Text, View } from '@tarojs/components'
import { SignedRate, Tag } from '@/components/Figure'
import { KIND_NAMES, kindOfAnswer } from '@/features/portfolio'
import type { FollowedRowFragment } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { formatDate, MONTH_DAY } from '@/utils/format'

export interface FollowedRowProps {
  row: FollowedRowFragment
  /** 取消关注 is under way (the button waits). */
  pending: boolean
  onUnfollow: () => void
}

/** A followed strategy: name and kind, the day's return (with its NAV date) and the return since set-up, 取消关注. */
export function FollowedRow({ row, pending, onUnfollow }: FollowedRowProps) {
  const p = row.portfolio
  return (
    <View className='alfa-followed__row' data-po-code={p.poCode}>
      <View className='alfa-followed__main' role='link' onClick={() => void navigateTo('portfolioEntry', { poCode: p.poCode })}>
        <View className='alfa-followed__title'>
          <Text className='alfa-followed__name'>{p.poName}</Text>
          <Tag tone='primary'>{KIND_NAMES[kindOfAnswer(p)]}</Tag>
        </View>
        <View className='alfa-followed__figures'>
          <View className='alfa-followed__figure' data-figure='daily'>
            <SignedRate value={row.dailyReturn} className='alfa-followed__value' />
            <Text className='alfa-followed__label'>{row.navDate ? `日涨跌（${formatDate(row.navDate, MONTH_DAY)}）` : '日涨跌'}</Text>
          </View>
          <View className='alfa-followed__figure' data-figure='total'>
            <SignedRate value={row.totalReturn} className='alfa-followed__value' />
            <Text className='alfa-followed__label'>成立以来</Text>
          </View>
        </View>
      </View>
      <View
        className={`alfa-followed__unfollow${pending ? ' alfa-followed__unfollow--pending' : ''}`}
        role='button'
        aria-busy={pending}
        aria-label={`取消关注${p.poName}`}
        onClick={onUnfollow}
      >
        取消关注
      </View>
    </View>
  )
}
