import { Page } from '@/components/Page'
import { ProductListScreen } from '@/features/portfolio/product/ProductListScreen'

export default function ProductListPage() {
  return (
    <Page route='productList'>
      <ProductListScreen />
    </Page>
  )
}
