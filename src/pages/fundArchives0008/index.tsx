import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FundArchives0008Page() {
  return (
    <Page route='fundArchives0008'>
      <PageLoading />
    </Page>
  )
}
