import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FilterPage() {
  return (
    <Page route='filter'>
      <PageLoading />
    </Page>
  )
}
