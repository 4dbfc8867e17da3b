import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FilterResultPage() {
  return (
    <Page route='filterResult'>
      <PageLoading />
    </Page>
  )
}
