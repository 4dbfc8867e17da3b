import { Page } from '@/components/Page'
import { PortfolioDetailScreen, usePoCode } from '@/features/portfolio'

export default function PortfolioEntryPage() {
  const poCode = usePoCode()
  return (
    <Page route='portfolioEntry'>
      <PortfolioDetailScreen poCode={poCode} />
    </Page>
  )
}
