import { Text, View } from '@tarojs/components'
import { Avatar } from '@/components/Avatar'
import { Card } from '@/components/Card'
import type { PoManagerCardFragment } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import './index.scss'

/** The strategy's manager (主理人) with the verified mark (fragment PoManagerCard); a tap opens the manager's profile. */
export function PoManagerCard({ manager, title = '主理人' }: { manager: PoManagerCardFragment; title?: string }) {
  return (
    <Card title={title}>
      <View className='alfa-po-manager' role='link' onClick={() => navigateTo('manager', { fundManagerId: manager.managerId })}>
        <Avatar className='alfa-po-manager__avatar' name={manager.managerName} url={manager.avatarUrl} />
        <Text className='alfa-po-manager__name'>{manager.managerName}</Text>
        {manager.isVerified && <Text className='alfa-po-manager__verified'>已认证</Text>}
      </View>
    </Card>
  )
}
