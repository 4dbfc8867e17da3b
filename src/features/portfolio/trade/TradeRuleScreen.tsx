import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { StaleNotice } from '@/components/AsyncContent'
import { Card, InfoRows } from '@/components/Card'
import { Tag } from '@/components/Figure'
import { Tabs } from '@/components/Tabs'
import { observer } from '@/hooks/observer'
import { useShareSubject } from '@/components/Page'
import { formatAmount, formatDate, formatPercent, DATE } from '@/utils/format'
import { PortfolioPending } from '../PortfolioPending'
import { PortfolioTitle } from '../PortfolioTitle'
import { usePoCode, usePortfolioQuery } from '../hooks'
import './index.scss'
import { loadTradeRule } from './load'
import { signedState } from '../signed'
import { AdvisorCharge } from './AdvisorCharge'
import { Allowed } from './Allowed'
import { ExternalLink } from './ExternalLink'

/** Names of the trade modes the server lists. */
const TRADE_MODE_NAME: Record<string, string> = { ONE_KEY_BUY: '一键买入', FOLLOW: '跟随调仓', AIP: '定投', REDEEM: '卖出' }

/** The trade rule's scenes (PoTradeRule's scene): buying at once, regular investment, selling. */
const SCENES = [
  { key: 'buy', label: '买入' },
  { key: 'aip', label: '定投' },
  { key: 'redeem', label: '卖出' },
] as const
type Scene = (typeof SCENES)[number]['key']
const sceneOf = (value: unknown): Scene => SCENES.find((s) => s.key === value)?.key ?? 'buy'

/** How the user stands with the advisory service the rules below are for. */
const SignedNote = observer(function SignedNote({ hasSigned }: { hasSigned: boolean }) {
  const state = signedState(hasSigned)
  if (state === 'signed')
    return (
      <View className='alfa-po-rule__signed alfa-po-rule__signed--on' role='status'>
        <Tag tone='primary'>已签约</Tag>
        <Text>您已签约该策略的投顾服务，以下为服务中的交易规则</Text>
      </View>
    )
  return (
    <View className='alfa-po-rule__signed' role='note'>
      <Text>{state === 'anonymous' ? '登录后可查看您的签约状态' : '您尚未签约该策略的投顾服务，买入前需签约'}</Text>
    </View>
  )
})

/** The Notice (交易须知): the strategy's trade rules for buying, the advisor charge, selling, dates and AIP. Places no order. */
export function TradeRuleScreen() {
  const poCode = usePoCode()
  // The scene the page was opened with (?scene=aip), then the tab the user picks: each asks its own rule.
  const [scene, setScene] = useState<Scene>(sceneOf(useRouter().params.scene))
  // The signed state is the user's: kept per user, asked again on login and logout.
  const {
    state,
    data: po,
    stale,
    reload,
  } = usePortfolioQuery(`tradeRule:${scene}`, poCode, (code) => loadTradeRule(code, scene), {
    user: 'optional',
  })
  useShareSubject(po?.poName)
  const tabs = <Tabs items={SCENES} value={scene} onChange={setScene} className='alfa-po-rule__scenes' />
  // While a scene loads its tabs stay above the skeleton; not found or an error show the page's state alone.
  if (state !== 'ready' || !po)
    return state === 'loading' ? (
      <View className='alfa-po alfa-po-rule'>
        {tabs}
        <PortfolioPending state={state} onRetry={() => void reload()} rows={10} />
      </View>
    ) : (
      <PortfolioPending state={state} onRetry={() => void reload()} rows={10} />
    )
  const { buying, advisorCharge, redeeming, dates, regularInvestment: aip, other } = po.tradeRule
  return (
    <View className='alfa-po alfa-po-rule'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <PortfolioTitle poName={po.poName} poCode={po.poCode} />
      <Text className='alfa-po-rule__notice'>本页仅展示交易规则，不在此下单</Text>
      {tabs}
      {po.hasAdvisor && <SignedNote hasSigned={po.hasSigned} />}
      <Card title='买入'>
        <Allowed ok={buying.canBuy} yes='可买入' no='暂不可买入' reason={buying.canNotBuyReason} />
        {buying.canNotBuyResults.length > 0 && (
          <View className='alfa-po-rule__funds'>
            {buying.canNotBuyResults.map((r) => (
              <View key={r.fundCode} className='alfa-po-rule__fund'>
                <Text className='alfa-po-rule__fund-name'>{r.fundName}</Text>
                <Text className='alfa-po-rule__fund-msg'>{r.msg}</Text>
              </View>
            ))}
          </View>
        )}
        <InfoRows
          rows={[
            ['起购金额', <Text key='a' className='alfa-po-digits'>{`${formatAmount(buying.lowestBuyAmount)}元`}</Text>],
            [
              '买入费率',
              <Text key='f' className='alfa-po-digits'>
                {formatPercent(buying.buyFeeRate)}
              </Text>,
            ],
            ...(po.totalUnit ? ([['计划份数', <Text key='u' className='alfa-po-digits'>{`共${po.totalUnit}份`}</Text>]] as const) : []),
          ]}
        />
        {buying.explainText && <ExternalLink url={buying.explainUrl} text={buying.explainText} plain />}
      </Card>
      {advisorCharge && (
        <Card title='投顾服务费'>
          <AdvisorCharge charge={advisorCharge} />
        </Card>
      )}
      <Card title='卖出'>
        <Allowed ok={redeeming.canRedeem} yes='可卖出' no='暂不可卖出' reason={redeeming.cannotRedeemReason} />
      </Card>
      <Card title='交易日期'>
        <InfoRows
          rows={[
            [
              '交易日',
              <Text key='t' className='alfa-po-digits'>
                {formatDate(dates.currentTxnDate, DATE)}
              </Text>,
            ],
            [
              '预计确认日',
              <Text key='c' className='alfa-po-digits'>
                {formatDate(dates.buyExpectConfirmDate, DATE)}
              </Text>,
            ],
            [
              // Selling: the day the money arrives (the server's incomeVisibleDate for the redeem scene).
              scene === 'redeem' ? '预计到账日' : '收益可见日',
              <Text key='i' className='alfa-po-digits'>
                {formatDate(dates.incomeVisibleDate, DATE)}
              </Text>,
            ],
          ]}
        />
      </Card>
      <Card title='定投'>
        <Allowed ok={aip.canAip} yes='支持定投' no='暂不支持定投' reason={aip.canNotAipReason} />
        {!aip.canAip && aip.canNotAipExplainText && <ExternalLink url={aip.canNotAipExplainUrl} text={aip.canNotAipExplainText} plain />}
        <InfoRows rows={[['定投计划', <Text key='p'>{aip.canOpenPlan ? '可开启' : '暂不可开启'}</Text>]]} />
        {aip.aipGuideTips && <Text className='alfa-po-text'>{aip.aipGuideTips}</Text>}
      </Card>
      <Card title='交易方式'>
        <InfoRows
          rows={[
            [
              '支持方式',
              <Text key='m'>{other.tradeModes.length ? other.tradeModes.map((m) => TRADE_MODE_NAME[m] ?? m).join('、') : '--'}</Text>,
            ],
            ['底仓', <Allowed key='b' ok={other.canBaseline} yes='支持' no='不支持' reason={other.cannotBaselineReason} />],
          ]}
        />
        <ExternalLink url={other.communityUrl} text='去社区看看' />
      </Card>
    </View>
  )
}
