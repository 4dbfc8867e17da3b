import { Page } from '@/components/Page'
// The file, not the feature's index: the main package stays free of the chart engine.
import { ProductScreen } from '@/features/portfolio'

export default function ProductPage() {
  return (
    <Page route='product'>
      <ProductScreen />
    </Page>
  )
}
