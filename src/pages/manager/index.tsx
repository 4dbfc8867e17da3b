import { useRouter } from '@tarojs/taro'
import { Page } from '@/components/Page'
import { ManagerProfileScreen } from '@/features/manager'

export default function ManagerPage() {
  const { params } = useRouter()
  return (
    <Page route='manager'>
      <ManagerProfileScreen managerId={decodeURIComponent(String(params.fundManagerId ?? '')).trim()} />
    </Page>
  )
}
