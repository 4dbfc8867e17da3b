import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function MyFilterPage() {
  return (
    <Page route='myFilter'>
      <PageLoading />
    </Page>
  )
}
