import { Page } from '@/components/Page'
import { FundIntroScreen } from '@/features/fund/detail/FundIntroScreen'
import { useFundCode } from '@/features/fund/hooks'

export default function FundIntroPage() {
  const fundCode = useFundCode()
  return (
    <Page route='fundIntro'>
      <FundIntroScreen fundCode={fundCode} />
    </Page>
  )
}
