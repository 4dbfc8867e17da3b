import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FundEntryPage() {
  return (
    <Page route='fundEntry'>
      <PageLoading />
    </Page>
  )
}
