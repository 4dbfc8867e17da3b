import { Page } from '@/components/Page'
import { FilterManageScreen } from '@/features/filter'

export default function FilterManagePage() {
  return (
    <Page route='filterManage'>
      <FilterManageScreen />
    </Page>
  )
}
