import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import type { FundLinkRowFragment } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import '../../styles/list.scss'

/**
 * A fund in a list (a ranking, a theme, a manager's funds): its name over `sub` (default its code),
 * `figure` on the right; a tap opens the fund.
 */
export function FundLinkRow({ fund, sub, figure }: { fund: FundLinkRowFragment; sub?: ReactNode; figure: ReactNode }) {
  return (
    <View className='alfa-list__row' role='button' onClick={() => navigateTo('fundEntry', { fundCode: fund.fundCode })}>
      <View className='alfa-list__main'>
        <View className='alfa-list__title'>{fund.fundName}</View>
        <View className='alfa-list__sub'>{sub ?? fund.fundCode}</View>
      </View>
      <View className='alfa-list__figure'>{figure}</View>
    </View>
  )
}
