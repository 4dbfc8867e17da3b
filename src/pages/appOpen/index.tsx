import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function AppOpenPage() {
  return (
    <Page route='appOpen'>
      <PageLoading />
    </Page>
  )
}
