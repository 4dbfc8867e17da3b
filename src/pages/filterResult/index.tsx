import { useRouter } from '@tarojs/taro'
import { Page } from '@/components/Page'
import { FilterResultScreen } from '@/features/filter'

export default function FilterResultPage() {
  const { filterId } = useRouter().params
  return (
    <Page route='filterResult'>
      <FilterResultScreen filterId={filterId || undefined} />
    </Page>
  )
}
