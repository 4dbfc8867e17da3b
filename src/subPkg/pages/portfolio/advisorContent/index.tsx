import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function AdvisorContentPage() {
  return (
    <Page route='advisorContent'>
      <PageLoading />
    </Page>
  )
}
