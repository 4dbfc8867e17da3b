import { Page } from '@/components/Page'
import { Favourites } from '@/features/watchlist'

export default function FavouritesPage() {
  return (
    <Page route='favourites'>
      <Favourites />
    </Page>
  )
}
