import { Page } from '@/components/Page'
import { TimelineScreen, usePoCode } from '@/features/portfolio'

export default function PortfolioTimelinePage() {
  const poCode = usePoCode()
  return (
    <Page route='portfolioTimeline'>
      <TimelineScreen poCode={poCode} />
    </Page>
  )
}
