import { useRouter } from '@tarojs/taro'
import { Page } from '@/components/Page'
import { StockFilterScreen } from '@/features/filter'

export default function StockFilterPage() {
  const { tab } = useRouter().params
  return (
    <Page route='stockFilter'>
      <StockFilterScreen tab={tab} />
    </Page>
  )
}
