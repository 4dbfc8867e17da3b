import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FundDiagnosisPage() {
  return (
    <Page route='fundDiagnosis'>
      <PageLoading />
    </Page>
  )
}
