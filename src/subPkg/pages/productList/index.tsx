import { Page } from '@/components/Page'
import { ProductListScreen } from '@/features/portfolio'

export default function ProductListPage() {
  return (
    <Page route='productList'>
      <ProductListScreen />
    </Page>
  )
}
