import { Page } from '@/components/Page'
import { AipListScreen, usePoCode } from '@/features/portfolio'

export default function PortfolioAipListPage() {
  const poCode = usePoCode()
  return (
    <Page route='portfolioAipList'>
      <AipListScreen poCode={poCode} />
    </Page>
  )
}
