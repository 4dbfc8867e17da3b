import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function ColumnDetailPage() {
  return (
    <Page route='columnDetail'>
      <PageLoading />
    </Page>
  )
}
