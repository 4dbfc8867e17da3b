import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function WalletPage() {
  return (
    <Page route='wallet'>
      <PageLoading />
    </Page>
  )
}
