import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function Fund0008Page() {
  return (
    <Page route='fund0008'>
      <PageLoading />
    </Page>
  )
}
