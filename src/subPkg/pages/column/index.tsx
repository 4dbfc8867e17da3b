import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function ColumnPage() {
  return (
    <Page route='column'>
      <PageLoading />
    </Page>
  )
}
