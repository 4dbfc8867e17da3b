import { Page } from '@/components/Page'
import { usePoCode, useRouteParam } from '@/features/portfolio/hooks'
import { AipDetailScreen } from '@/features/portfolio/records/AipDetailScreen'

export default function PortfolioAipDetailPage() {
  const poCode = usePoCode()
  const sigId = useRouteParam('sigId')
  return (
    <Page route='portfolioAipDetail'>
      <AipDetailScreen poCode={poCode} sigId={sigId} />
    </Page>
  )
}
