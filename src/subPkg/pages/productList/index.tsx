import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function ProductListPage() {
  return (
    <Page route='productList'>
      <PageLoading />
    </Page>
  )
}
