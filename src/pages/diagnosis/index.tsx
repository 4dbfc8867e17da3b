import { Page } from '@/components/Page'
import { DiagnosisEntry } from '@/features/diagnosis'

export default function DiagnosisPage() {
  return (
    <Page route='diagnosis'>
      <DiagnosisEntry />
    </Page>
  )
}
