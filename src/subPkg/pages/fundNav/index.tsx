import { Page } from '@/components/Page'
import { FundNavScreen, useFundCode } from '@/features/fund'

export default function FundNavPage() {
  const fundCode = useFundCode()
  return (
    <Page route='fundNav'>
      <FundNavScreen fundCode={fundCode} />
    </Page>
  )
}
