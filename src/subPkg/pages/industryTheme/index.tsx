import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function IndustryThemePage() {
  return (
    <Page route='industryTheme'>
      <PageLoading />
    </Page>
  )
}
