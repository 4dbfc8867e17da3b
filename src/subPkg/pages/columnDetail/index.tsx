import { useRouter } from '@tarojs/taro'
import { Page } from '@/components/Page'
import { ColumnDetailScreen } from '@/features/content'

export default function ColumnDetailPage() {
  const { params } = useRouter()
  return (
    <Page route='columnDetail'>
      <ColumnDetailScreen columnId={decodeURIComponent(String(params.columnId ?? '')).trim()} />
    </Page>
  )
}
