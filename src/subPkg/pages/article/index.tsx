import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function ArticlePage() {
  return (
    <Page route='article'>
      <PageLoading />
    </Page>
  )
}
