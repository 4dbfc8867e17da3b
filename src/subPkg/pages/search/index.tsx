import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function SearchPage() {
  return (
    <Page route='search'>
      <PageLoading />
    </Page>
  )
}
