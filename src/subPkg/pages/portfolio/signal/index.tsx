import { Page } from '@/components/Page'
import { SignalScreen, usePoCode } from '@/features/portfolio'

export default function PortfolioSignalPage() {
  const poCode = usePoCode()
  return (
    <Page route='portfolioSignal'>
      <SignalScreen poCode={poCode} />
    </Page>
  )
}
