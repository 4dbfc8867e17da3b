import { Page } from '@/components/Page'
import { WalletScreen } from '@/features/site'

export default function WalletPage() {
  return (
    <Page route='wallet'>
      <WalletScreen />
    </Page>
  )
}
