import { Page } from '@/components/Page'
import { AipDetailScreen, usePoCode, useRouteParam } from '@/features/portfolio'

export default function PortfolioAipDetailPage() {
  const poCode = usePoCode()
  const sigId = useRouteParam('sigId')
  return (
    <Page route='portfolioAipDetail'>
      <AipDetailScreen poCode={poCode} sigId={sigId} />
    </Page>
  )
}
