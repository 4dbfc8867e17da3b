import { Page } from '@/components/Page'
import { SearchScreen } from '@/features/search'

export default function SearchPage() {
  return (
    <Page route='search'>
      <SearchScreen />
    </Page>
  )
}
