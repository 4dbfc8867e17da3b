import { Text, View } from '@tarojs/components'
import { RiskTag, Tag, ToneText } from '@/components/Figure'
import type { PortfolioRowFragment } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { formatCount, formatPercent } from '@/utils/format'
import { MONEY_TYPE_NAMES } from '@alfa/common/labels'
import { riskLevelName } from '../risk'

/**
 * The figure a row shows: the annualised return since set-up where the strategy has one,
 * else its expected annualised return.
 */
export function rowFigure(p: PortfolioRowFragment): { label: string; text: string; tone: 'Positive' | 'Negative' | 'Primary' | null } {
  const annual = p.performanceShowcase.find((s) => s.key === 'annualized')
  if (annual) return { label: '成立以来年化', text: annual.valueText, tone: annual.fontColor === 'Negative' ? 'Negative' : 'Positive' }
  const expected = p.annualizedReturnRateRange?.expectedAnnualizedReturnRate
  return { label: '预期年化收益', text: formatPercent(expected), tone: expected ? 'Primary' : null }
}

/** A strategy of a list (fragment PortfolioRow); tap opens its entry. */
export function PortfolioRow({ portfolio: p }: { portfolio: PortfolioRowFragment }) {
  const figure = rowFigure(p)
  const followers = formatCount(p.followersCount)
  return (
    <View className='alfa-po-row' role='link' data-po-code={p.poCode} onClick={() => navigateTo('portfolioEntry', { poCode: p.poCode })}>
      <View className='alfa-po-row__main'>
        <Text className='alfa-po-row__name'>{p.poName}</Text>
        {p.subTitle && <Text className='alfa-po-row__sub'>{p.subTitle}</Text>}
        <View className='alfa-po-row__tags'>
          <RiskTag name={riskLevelName(p.riskLevel, p.seriesType)} />
          <Tag>{MONEY_TYPE_NAMES[p.moneyType]}</Tag>
          {followers && <Text className='alfa-po-row__followers'>{`${followers}人关注`}</Text>}
        </View>
      </View>
      <View className='alfa-po-row__figure'>
        <ToneText tone={figure.tone} className='alfa-po-row__value'>
          {figure.text}
        </ToneText>
        <Text className='alfa-po-row__label'>{figure.label}</Text>
      </View>
    </View>
  )
}
