import { Page } from '@/components/Page'
import { FundDetailScreen } from '@/features/fund/detail/FundDetailScreen'
import { useFundCode } from '@/features/fund/hooks'

export default function FundEntryPage() {
  const fundCode = useFundCode()
  return (
    <Page route='fundEntry'>
      <FundDetailScreen fundCode={fundCode} />
    </Page>
  )
}
