import { Page } from '@/components/Page'
import { FundIntroScreen, useFundCode } from '@/features/fund'

export default function FundIntroPage() {
  const fundCode = useFundCode()
  return (
    <Page route='fundIntro'>
      <FundIntroScreen fundCode={fundCode} />
    </Page>
  )
}
