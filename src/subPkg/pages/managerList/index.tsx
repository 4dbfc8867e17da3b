import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function ManagerListPage() {
  return (
    <Page route='managerList'>
      <PageLoading />
    </Page>
  )
}
