import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FilterDetailPage() {
  return (
    <Page route='filterDetail'>
      <PageLoading />
    </Page>
  )
}
