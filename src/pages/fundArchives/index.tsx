import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FundArchivesPage() {
  return (
    <Page route='fundArchives'>
      <PageLoading />
    </Page>
  )
}
