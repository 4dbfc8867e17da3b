import { Page } from '@/components/Page'
import { usePoCode } from '@/features/portfolio/hooks'
import { SignalScreen } from '@/features/portfolio/records/SignalScreen'

export default function PortfolioSignalPage() {
  const poCode = usePoCode()
  return (
    <Page route='portfolioSignal'>
      <SignalScreen poCode={poCode} />
    </Page>
  )
}
