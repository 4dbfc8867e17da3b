import { Page } from '@/components/Page'
import { PortfolioEntryScreen, usePoCode } from '@/features/portfolio'

export default function PortfolioEntryPage() {
  const poCode = usePoCode()
  return (
    <Page route='portfolioEntry'>
      <PortfolioEntryScreen poCode={poCode} />
    </Page>
  )
}
