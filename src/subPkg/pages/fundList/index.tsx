import { Page } from '@/components/Page'
import { FundListScreen } from '@/features/market'

export default function FundListPage() {
  return (
    <Page route='fundList'>
      <FundListScreen />
    </Page>
  )
}
