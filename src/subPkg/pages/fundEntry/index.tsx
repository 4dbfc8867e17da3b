import { Page } from '@/components/Page'
import { FundDetailScreen } from '@/features/fund/FundDetailScreen'
import { useFundCode } from '@/features/fund/hooks'

export default function FundEntryPage() {
  const fundCode = useFundCode()
  return (
    <Page route='fundEntry'>
      <FundDetailScreen fundCode={fundCode} />
    </Page>
  )
}
