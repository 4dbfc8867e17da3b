import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FundGlossaryPage() {
  return (
    <Page route='fundGlossary'>
      <PageLoading />
    </Page>
  )
}
