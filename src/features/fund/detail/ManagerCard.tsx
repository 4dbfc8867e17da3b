import { Text, View } from '@tarojs/components'
import { Avatar } from '@/components/Avatar'
import { Card } from '@/components/Card'
import type { FundManagerCardFragment } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import '../index.scss'

/** The manager card (fragment FundManagerCard): tap opens the manager profile (the 0008 variant's from the 0008 fund page). */
export function ManagerCard({
  manager,
  route = 'manager',
}: {
  manager: FundManagerCardFragment | null | undefined
  route?: 'manager' | 'manager0008'
}) {
  if (!manager) {
    return (
      <Card title='基金经理'>
        <Text className='alfa-fund-muted'>暂无基金经理信息</Text>
      </Card>
    )
  }
  return (
    <Card title='基金经理'>
      <View className='alfa-fund-manager' role='link' onClick={() => navigateTo(route, { fundManagerId: manager.managerId })}>
        <Avatar className='alfa-fund-manager__avatar' name={manager.managerName} url={manager.avatarUrl} />
        <View className='alfa-fund-manager__body'>
          <Text className='alfa-fund-manager__name'>{manager.managerName}</Text>
          {manager.company && <Text className='alfa-fund-manager__company'>{manager.company}</Text>}
        </View>
        <Text className='alfa-fund-manager__arrow'>›</Text>
      </View>
    </Card>
  )
}
