import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function LoginPage() {
  return (
    <Page route='login'>
      <PageLoading />
    </Page>
  )
}
