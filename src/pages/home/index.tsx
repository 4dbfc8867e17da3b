import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function HomePage() {
  return (
    <Page route='home'>
      <PageLoading />
    </Page>
  )
}
