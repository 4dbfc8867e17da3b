import { Page } from '@/components/Page'
import { usePoCode } from '@/features/portfolio/hooks'
import { TimelineScreen } from '@/features/portfolio/records/TimelineScreen'

export default function PortfolioTimelinePage() {
  const poCode = usePoCode()
  return (
    <Page route='portfolioTimeline'>
      <TimelineScreen poCode={poCode} />
    </Page>
  )
}
