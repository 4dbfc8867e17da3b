import { Page } from '@/components/Page'
import { FundDetailScreen, useFundCode } from '@/features/fund'

export default function FundEntryPage() {
  const fundCode = useFundCode()
  return (
    <Page route='fundEntry'>
      <FundDetailScreen fundCode={fundCode} />
    </Page>
  )
}
