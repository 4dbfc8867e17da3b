import { Page } from '@/components/Page'
import { usePoCode } from '@/features/portfolio/hooks'
import { DailyNavScreen } from '@/features/portfolio/records/DailyNavScreen'

export default function PortfolioDailyNavPage() {
  const poCode = usePoCode()
  return (
    <Page route='portfolioDailyNav'>
      <DailyNavScreen poCode={poCode} />
    </Page>
  )
}
