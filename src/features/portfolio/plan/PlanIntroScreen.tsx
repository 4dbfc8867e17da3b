import { Image, View } from '@tarojs/components'
import { StaleNotice } from '@/components/AsyncContent'
import { Card, InfoRows } from '@/components/Card'
import { useShareSubject } from '@/components/Page'
import { execute } from '@/services/graphql'
import { InvestPlanIntroDocument } from '@/services/generated/graphql'
import { imageSrc } from '@/services/imageUrl'
import { PortfolioPending } from '../PortfolioPending'
import { PortfolioTitle } from '../PortfolioTitle'
import { usePortfolioQuery } from '../hooks'

const loadPlanIntro = async (poCode: string) => (await execute(InvestPlanIntroDocument, { poCode })).portfolio

/** 计划介绍 of an investment plan (InvestPlanIntro): what it is for, how it invests, its intro images. */
export function PlanIntroScreen({ poCode }: { poCode: string }) {
  const { state, data, stale, reload } = usePortfolioQuery('planIntro', poCode, loadPlanIntro)
  useShareSubject(data?.poName)
  if (state !== 'ready' || !data) return <PortfolioPending state={state} onRetry={() => void reload()} />
  const all: Array<readonly [string, string | null]> = [
    ['计划说明', data.description],
    ['投资理念', data.philosophy],
    ['投资策略', data.investStrategy],
    ['投资范围', data.investRange],
  ]
  const rows = all.filter((r): r is readonly [string, string] => !!r[1])
  return (
    <View className='alfa-po alfa-plan-intro'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <PortfolioTitle poName={data.poName} poCode={data.poCode} />
      <Card title='计划介绍'>
        <InfoRows rows={rows} />
      </Card>
      {data.preference.hasIntroPage &&
        data.preference.introImageUrls.map((url) => {
          const src = imageSrc(url)
          return src ? <Image key={url} className='alfa-po-intro__image' src={src} mode='widthFix' lazyLoad aria-hidden='true' /> : null
        })}
    </View>
  )
}
