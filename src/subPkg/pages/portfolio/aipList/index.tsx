import { Page } from '@/components/Page'
import { usePoCode } from '@/features/portfolio/hooks'
import { AipListScreen } from '@/features/portfolio/records/AipListScreen'

export default function PortfolioAipListPage() {
  const poCode = usePoCode()
  return (
    <Page route='portfolioAipList'>
      <AipListScreen poCode={poCode} />
    </Page>
  )
}
