import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FavouritesManagePage() {
  return (
    <Page route='favouritesManage'>
      <PageLoading />
    </Page>
  )
}
