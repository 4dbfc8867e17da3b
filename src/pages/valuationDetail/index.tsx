import { Page } from '@/components/Page'
import { FundValuationScreen, useFundCode } from '@/features/fund'

export default function ValuationDetailPage() {
  const fundCode = useFundCode()
  return (
    <Page route='valuationDetail'>
      <FundValuationScreen fundCode={fundCode} />
    </Page>
  )
}
