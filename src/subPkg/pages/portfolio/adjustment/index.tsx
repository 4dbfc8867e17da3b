import { Page } from '@/components/Page'
import { usePoCode } from '@/features/portfolio/hooks'
import { AdjustmentScreen } from '@/features/portfolio/records/AdjustmentScreen'

export default function PortfolioAdjustmentPage() {
  const poCode = usePoCode()
  return (
    <Page route='portfolioAdjustment'>
      <AdjustmentScreen poCode={poCode} />
    </Page>
  )
}
