import { Page } from '@/components/Page'
import { HomeScreen } from '@/features/home'

export default function HomePage() {
  return (
    <Page route='home'>
      <HomeScreen />
    </Page>
  )
}
