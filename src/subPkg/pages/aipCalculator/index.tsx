import { Page } from '@/components/Page'
import { AipCalculatorScreen } from '@/features/aip'

export default function AipCalculatorPage() {
  return (
    <Page route='aipCalculator'>
      <AipCalculatorScreen />
    </Page>
  )
}
