import { Page } from '@/components/Page'
import { IndustryThemeScreen } from '@/features/market'

export default function IndustryThemePage() {
  return (
    <Page route='industryTheme'>
      <IndustryThemeScreen />
    </Page>
  )
}
