import { Page } from '@/components/Page'
import { FundValuationScreen } from '@/features/fund/detail/FundValuationScreen'
import { useFundCode } from '@/features/fund/hooks'

export default function ValuationDetailPage() {
  const fundCode = useFundCode()
  return (
    <Page route='valuationDetail'>
      <FundValuationScreen fundCode={fundCode} />
    </Page>
  )
}
