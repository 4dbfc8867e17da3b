import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function DiagnosisPage() {
  return (
    <Page route='diagnosis'>
      <PageLoading />
    </Page>
  )
}
