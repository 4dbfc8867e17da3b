import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function Manager0008Page() {
  return (
    <Page route='manager0008'>
      <PageLoading />
    </Page>
  )
}
