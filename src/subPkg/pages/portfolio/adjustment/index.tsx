import { Page } from '@/components/Page'
import { AdjustmentScreen, usePoCode } from '@/features/portfolio'

export default function PortfolioAdjustmentPage() {
  const poCode = usePoCode()
  return (
    <Page route='portfolioAdjustment'>
      <AdjustmentScreen poCode={poCode} />
    </Page>
  )
}
