import { Page } from '@/components/Page'
import { PortfolioDetailScreen, usePoCode } from '@/features/portfolio'

export default function PortfolioDetailPage() {
  const poCode = usePoCode()
  return (
    <Page route='portfolioDetail'>
      <PortfolioDetailScreen poCode={poCode} />
    </Page>
  )
}
