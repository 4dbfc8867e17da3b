import { Page } from '@/components/Page'
import { ManagerListScreen } from '@/features/manager'

export default function ManagerListPage() {
  return (
    <Page route='managerList'>
      <ManagerListScreen />
    </Page>
  )
}
