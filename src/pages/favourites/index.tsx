import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FavouritesPage() {
  return (
    <Page route='favourites'>
      <PageLoading />
    </Page>
  )
}
