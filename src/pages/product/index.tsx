import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function ProductPage() {
  return (
    <Page route='product'>
      <PageLoading />
    </Page>
  )
}
