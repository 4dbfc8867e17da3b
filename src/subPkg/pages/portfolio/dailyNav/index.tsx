import { Page } from '@/components/Page'
import { DailyNavScreen, usePoCode } from '@/features/portfolio'

export default function PortfolioDailyNavPage() {
  const poCode = usePoCode()
  return (
    <Page route='portfolioDailyNav'>
      <DailyNavScreen poCode={poCode} />
    </Page>
  )
}
