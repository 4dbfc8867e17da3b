import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function NotFoundPage() {
  return (
    <Page route='notFound'>
      <PageLoading />
    </Page>
  )
}
