import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FundListPage() {
  return (
    <Page route='fundList'>
      <PageLoading />
    </Page>
  )
}
