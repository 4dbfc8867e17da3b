import { Page } from '@/components/Page'
import { FundDetailScreen, useFundCode } from '@/features/fund'

export default function FundPage() {
  const fundCode = useFundCode()
  return (
    <Page route='fund'>
      <FundDetailScreen fundCode={fundCode} />
    </Page>
  )
}
