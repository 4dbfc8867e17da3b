import { Page } from '@/components/Page'
import { MarketScreen } from '@/features/market'

export default function StockMarketPage() {
  return (
    <Page route='stockMarket'>
      <MarketScreen />
    </Page>
  )
}
