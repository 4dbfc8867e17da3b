import { Page } from '@/components/Page'
import { FundCompareScreen } from '@/features/compare'

export default function FundComparePage() {
  return (
    <Page route='fundCompare'>
      <FundCompareScreen />
    </Page>
  )
}
