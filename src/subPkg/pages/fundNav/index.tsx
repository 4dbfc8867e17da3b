import { Page } from '@/components/Page'
import { FundNavScreen } from '@/features/fund/performance/FundNavScreen'
import { useFundCode } from '@/features/fund/hooks'

export default function FundNavPage() {
  const fundCode = useFundCode()
  return (
    <Page route='fundNav'>
      <FundNavScreen fundCode={fundCode} />
    </Page>
  )
}
