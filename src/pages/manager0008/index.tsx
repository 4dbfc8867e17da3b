import { useRouter } from '@tarojs/taro'
import { Page } from '@/components/Page'
import { ManagerProfileScreen } from '@/features/manager'

export default function Manager0008Page() {
  const { params } = useRouter()
  return (
    <Page route='manager0008'>
      <ManagerProfileScreen managerId={decodeURIComponent(String(params.fundManagerId ?? '')).trim()} />
    </Page>
  )
}
