import { Page } from '@/components/Page'
import { FundDetailScreen } from '@/features/fund/detail/FundDetailScreen'
import { useFundCode } from '@/features/fund/hooks'

export default function FundPage() {
  const fundCode = useFundCode()
  return (
    <Page route='fund'>
      <FundDetailScreen fundCode={fundCode} />
    </Page>
  )
}
