import { Page } from '@/components/Page'
import { SearchScreen } from '@/features/search/SearchScreen'

export default function SearchPage() {
  return (
    <Page route='search'>
      <SearchScreen />
    </Page>
  )
}
