import { Page } from '@/components/Page'
import { ACHIEVEMENT_TABS, FundAchievementsScreen, useFundCode, useTabIndex } from '@/features/fund'

export default function FundArchives0008Page() {
  const fundCode = useFundCode()
  const tabIndex = useTabIndex(ACHIEVEMENT_TABS.length)
  return (
    <Page route='fundArchives0008'>
      <FundAchievementsScreen fundCode={fundCode} tabIndex={tabIndex} />
    </Page>
  )
}
