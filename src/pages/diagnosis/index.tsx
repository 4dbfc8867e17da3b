import { Page } from '@/components/Page'
import { DiagnosisEntry } from '@/features/diagnosis/DiagnosisEntry'

export default function DiagnosisPage() {
  return (
    <Page route='diagnosis'>
      <DiagnosisEntry />
    </Page>
  )
}
