import { Page } from '@/components/Page'
import { ColumnScreen } from '@/features/content'

export default function ColumnPage() {
  return (
    <Page route='column'>
      <ColumnScreen />
    </Page>
  )
}
