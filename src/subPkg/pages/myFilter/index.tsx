import { Page } from '@/components/Page'
import { MyFilterScreen } from '@/features/filter'

export default function MyFilterPage() {
  return (
    <Page route='myFilter'>
      <MyFilterScreen />
    </Page>
  )
}
