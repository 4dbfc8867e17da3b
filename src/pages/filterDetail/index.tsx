import { useRouter } from '@tarojs/taro'
import { Page } from '@/components/Page'
import { FilterDetailScreen } from '@/features/filter'

export default function FilterDetailPage() {
  const { filterId } = useRouter().params
  return (
    <Page route='filterDetail'>
      <FilterDetailScreen filterId={filterId || undefined} />
    </Page>
  )
}
