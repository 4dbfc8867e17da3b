import { useShareSubject } from '@/components/Page'
import { PortfolioTitle } from '../PortfolioTitle'
import './index.scss'

/** The strategy's name heading a record screen; it is also the page's share title. */
export function RecordsTitle({ poName, poCode, sub }: { poName: string; poCode: string; sub?: string }) {
  useShareSubject(poName)
  return <PortfolioTitle poName={poName} poCode={poCode} sub={sub} />
}
