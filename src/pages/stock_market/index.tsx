import { Page } from '@/components/Page'
import { MarketScreen } from '@/features/market/MarketScreen'

export default function StockMarketPage() {
  return (
    <Page route='stockMarket'>
      <MarketScreen />
    </Page>
  )
}
