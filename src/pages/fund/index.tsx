import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FundPage() {
  return (
    <Page route='fund'>
      <PageLoading />
    </Page>
  )
}
