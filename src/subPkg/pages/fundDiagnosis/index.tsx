import { useRouter } from '@tarojs/taro'
import { Page } from '@/components/Page'
import { DiagnosisReport } from '@/features/diagnosis'

export default function FundDiagnosisPage() {
  const { params } = useRouter()
  return (
    <Page route='fundDiagnosis'>
      <DiagnosisReport fundCode={decodeURIComponent(String(params.fundCode ?? '')).replace(/\s+/g, '')} />
    </Page>
  )
}
