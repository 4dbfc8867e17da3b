import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FilterManagePage() {
  return (
    <Page route='filterManage'>
      <PageLoading />
    </Page>
  )
}
