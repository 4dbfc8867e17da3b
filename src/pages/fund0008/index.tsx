import { Page } from '@/components/Page'
import { FundDetailScreen, useFundCode } from '@/features/fund'

export default function Fund0008Page() {
  const fundCode = useFundCode()
  return (
    <Page route='fund0008'>
      <FundDetailScreen fundCode={fundCode} variant='0008' />
    </Page>
  )
}
