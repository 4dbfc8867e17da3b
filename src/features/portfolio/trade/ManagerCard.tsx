import { Text, View } from '@tarojs/components'
import { Avatar } from '@/components/Avatar'
import { Card } from '@/components/Card'
import type { PoManagerCardFragment } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import './index.scss'

/** Opens the manager's profile (基金经理: tenure, funds, 经理简介). */
export const openManager = (managerId: string) => navigateTo('manager', { fundManagerId: managerId })

/**
 * The strategy's manager (主理人, fragment PoManagerCard): who they are, with the verified mark, and
 * their own introduction; a tap opens the manager's profile.
 */
export function PoManagerCard({ manager, title = '主理人' }: { manager: PoManagerCardFragment; title?: string }) {
  return (
    <Card title={title}>
      <View className='alfa-po-manager' role='link' onClick={() => openManager(manager.managerId)}>
        <Avatar className='alfa-po-manager__avatar' name={manager.managerName} url={manager.avatarUrl} />
        <View className='alfa-po-manager__who'>
          <View>
            <Text className='alfa-po-manager__name'>{manager.managerName}</Text>
            {manager.isVerified && <Text className='alfa-po-manager__verified'>已认证</Text>}
          </View>
          {manager.company && <Text className='alfa-po-muted'>{manager.company}</Text>}
        </View>
        <Text className='alfa-po-manager__more'>主理人介绍 ›</Text>
      </View>
      {manager.intro && <Text className='alfa-po-text alfa-po-manager__intro'>{manager.intro}</Text>}
    </Card>
  )
}
