import { Page } from '@/components/Page'
import { FilterManageScreen } from '@/features/filter/FilterManageScreen'

export default function FilterManagePage() {
  return (
    <Page route='filterManage'>
      <FilterManageScreen />
    </Page>
  )
}
