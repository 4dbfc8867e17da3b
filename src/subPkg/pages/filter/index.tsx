import { Page } from '@/components/Page'
import { FilterScreen } from '@/features/filter'

export default function FilterPage() {
  return (
    <Page route='filter'>
      <FilterScreen />
    </Page>
  )
}
