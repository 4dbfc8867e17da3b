import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function ManagerPage() {
  return (
    <Page route='manager'>
      <PageLoading />
    </Page>
  )
}
