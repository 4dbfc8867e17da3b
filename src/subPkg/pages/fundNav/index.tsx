import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FundNavPage() {
  return (
    <Page route='fundNav'>
      <PageLoading />
    </Page>
  )
}
