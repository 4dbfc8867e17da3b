import { Text, View } from '@tarojs/components'
import { StaleNotice } from '@/components/AsyncContent'
import { execute } from '@/services/graphql'
import { FundDetailDocument } from '@/services/generated/graphql'
import { formatAmount, formatFundSize, formatPercent } from '@/utils/format'
import { Card, InfoRows } from '@/components/Card'
import { RiskTag } from '@/components/Figure'
import { FundPending } from '../FundPending'
import { ManagerCard } from './ManagerCard'
import '../index.scss'
import { useFundQuery } from '../hooks'
import { useShareSubject } from '@/components/Page'

const loadIntro = async (fundCode: string) => (await execute(FundDetailDocument, { fundCode })).fund

/** Fund intro: basic facts, the intro text and the manager. */
export function FundIntroScreen({ fundCode }: { fundCode: string }) {
  const { state, data: fund, stale, reload } = useFundQuery('fundDetail', fundCode, loadIntro)
  useShareSubject(fund?.fundName)
  if (state !== 'ready' || !fund) return <FundPending state={state} onRetry={() => void reload()} rows={8} />
  return (
    <View className='alfa-fund'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <Card title='基本信息'>
        <InfoRows
          rows={[
            ['基金名称', <Text key='n'>{fund.fundName}</Text>],
            [
              '基金代码',
              <Text key='c' className='alfa-fund-digits'>
                {fund.fundCode}
              </Text>,
            ],
            ['基金类型', <Text key='t'>{fund.categoryName ?? '--'}</Text>],
            ['风险等级', <RiskTag key='r' name={fund.riskLevelName} />],
            [
              '成立日期',
              <Text key='s' className='alfa-fund-digits'>
                {fund.setupDate}
              </Text>,
            ],
            [
              '基金规模',
              <Text key='z' className='alfa-fund-digits'>
                {fund.fundSize != null
                  ? `${formatFundSize(fund.fundSize)}${fund.fundSizeDate ? `（截至${fund.fundSizeDate}）` : ''}`
                  : '--'}
              </Text>,
            ],
            ['运作状态', <Text key='o'>{fund.offeringStageName + (fund.terminatedDate ? `（${fund.terminatedDate}）` : '')}</Text>],
            [
              '申购费率',
              <Text key='f' className='alfa-fund-digits'>
                {formatPercent(fund.tradeRules.buyFeeRate)}
              </Text>,
            ],
            ['起购金额', <Text key='a' className='alfa-fund-digits'>{`${formatAmount(fund.tradeRules.lowestBuyAmount)}元`}</Text>],
          ]}
        />
      </Card>
      <Card title='基金简介'>
        <Text className='alfa-fund-line'>{fund.intro || '暂无基金简介。'}</Text>
      </Card>
      <ManagerCard manager={fund.manager} />
    </View>
  )
}
