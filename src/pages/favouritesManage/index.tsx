import { Page } from '@/components/Page'
import { FavouritesManage } from '@/features/watchlist'

export default function FavouritesManagePage() {
  return (
    <Page route='favouritesManage'>
      <FavouritesManage />
    </Page>
  )
}
