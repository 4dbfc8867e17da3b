import { Text, View } from '@tarojs/components'
import { NotFound, Pending, type NotFoundText } from '@/components/AsyncContent'
import type { LoadState } from '@/hooks/remote'
import type {
  FundHoldingsCardFragment,
  FundManagerCardFragment,
  FundReturnsGridFragment,
  FundTitleFragment,
  FundTradeRulesCardFragment,
} from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { formatAmount, formatPercent } from '@/utils/format'
import { Avatar } from '@/components/Avatar'
import { Card, InfoRows } from '@/components/Card'
import { DemoBadge, RiskTag, SignedRate } from '@/components/Figure'
import './index.scss'

export { Card, InfoRows, DemoBadge, RiskTag, SignedRate }

const FUND_NOT_FOUND: NotFoundText = {
  title: '基金不存在',
  description: '请检查基金代码是否正确，或返回上一页重新选择。',
}

/** Unknown fund code: a not-found state with a way back. */
export function FundNotFound() {
  return <NotFound {...FUND_NOT_FOUND} />
}

/** A fund screen until its fund is there: not found, the skeleton, or the error with a retry. */
export function FundPending({ state, onRetry, rows }: { state: LoadState; onRetry: () => void; rows: number }) {
  return <Pending state={state} onRetry={onRetry} rows={rows} notFound={FUND_NOT_FOUND} />
}

/** The name and code heading a fund's sub-screen (fragment FundTitle). */
export function FundTitle({ fund }: { fund: FundTitleFragment }) {
  return (
    <View className='alfa-fund-head'>
      <Text className='alfa-fund-head__name'>{fund.fundName}</Text>
      <Text className='alfa-fund-digits alfa-fund-muted'>{fund.fundCode}</Text>
    </View>
  )
}

/** The terminated-fund notice (fund-info answered the terminated message). */
export function FundStoppedNotice({ msg, terminatedDate }: { msg: string; terminatedDate?: string | null }) {
  return (
    <View className='alfa-fund-stopped' role='alert'>
      <Text className='alfa-fund-stopped__title'>基金已终止</Text>
      <Text className='alfa-fund-stopped__text'>
        {msg}
        {terminatedDate ? `（终止日期 ${terminatedDate}）` : ''}，不再开放申购；以下为终止前的历史数据。
      </Text>
    </View>
  )
}

/** Returns over the standard periods, three to a row (fragment FundReturnsGrid). */
export function ReturnsGrid({ items }: { items: ReadonlyArray<FundReturnsGridFragment> }) {
  return (
    <View className='alfa-fund-grid'>
      {items.map((r) => (
        <View key={r.period} className='alfa-fund-grid__cell' data-period={r.period}>
          <SignedRate value={r.value} className='alfa-fund-grid__value' />
          <Text className='alfa-fund-grid__label'>{r.label}</Text>
        </View>
      ))}
    </View>
  )
}

/** The manager card (fragment FundManagerCard): tap opens the manager profile (the 0008 variant's from the 0008 fund page). */
export function ManagerCard({
  manager,
  route = 'manager',
}: {
  manager: FundManagerCardFragment | null | undefined
  route?: 'manager' | 'manager0008'
}) {
  if (!manager) {
    return (
      <Card title='基金经理'>
        <Text className='alfa-fund-muted'>暂无基金经理信息</Text>
      </Card>
    )
  }
  return (
    <Card title='基金经理'>
      <View className='alfa-fund-manager' role='link' onClick={() => navigateTo(route, { fundManagerId: manager.managerId })}>
        <Avatar className='alfa-fund-manager__avatar' name={manager.managerName} url={manager.avatarUrl} />
        <View className='alfa-fund-manager__body'>
          <Text className='alfa-fund-manager__name'>{manager.managerName}</Text>
          {manager.company && <Text className='alfa-fund-manager__company'>{manager.company}</Text>}
        </View>
        <Text className='alfa-fund-manager__arrow'>›</Text>
      </View>
    </Card>
  )
}

/** Fee and trade rules (fragment FundTradeRulesCard); orders are not placed in the app (spec). */
export function TradeRulesCard({ rules }: { rules: FundTradeRulesCardFragment }) {
  return (
    <Card title='交易规则'>
      <InfoRows
        rows={[
          [
            '申购状态',
            <Text key='s' className={rules.canBuy ? '' : 'alfa-fund-warn'}>
              {rules.canBuy ? '开放申购' : `暂停申购${rules.canNotBuyReason ? `（${rules.canNotBuyReason}）` : ''}`}
            </Text>,
          ],
          [
            '申购费率',
            <Text key='f' className='alfa-fund-digits'>
              {formatPercent(rules.buyFeeRate)}
            </Text>,
          ],
          ['起购金额', <Text key='a' className='alfa-fund-digits'>{`${formatAmount(rules.lowestBuyAmount)}元`}</Text>],
        ]}
      />
      <Text className='alfa-fund-subtitle'>赎回规则</Text>
      {rules.redeemRules.map((r) => (
        <Text key={r} className='alfa-fund-line'>
          {r}
        </Text>
      ))}
      <Text className='alfa-fund-muted'>本应用仅展示交易规则，不提供下单。</Text>
    </Card>
  )
}

/** The top holdings with their report date (fragment FundHoldingsCard). */
export function HoldingsCard({ holdings }: { holdings: FundHoldingsCardFragment }) {
  return (
    <Card title='重仓持仓' extra={holdings.isDemo ? <DemoBadge /> : undefined}>
      {holdings.list.length === 0 ? (
        <Text className='alfa-fund-muted'>该基金暂无披露的持仓明细（货币型基金不披露重仓证券）。</Text>
      ) : (
        <View className='alfa-fund-holdings'>
          {holdings.reportDate && <Text className='alfa-fund-muted'>{`截至 ${holdings.reportDate}`}</Text>}
          {holdings.list.map((h) => (
            <View key={h.securityCode} className='alfa-rows__row'>
              <View className='alfa-rows__label'>
                <Text>{h.securityName}</Text>
                <Text className='alfa-fund-muted'>{` ${h.securityCode}`}</Text>
              </View>
              <Text className='alfa-fund-digits'>{formatPercent(h.percent)}</Text>
            </View>
          ))}
        </View>
      )}
    </Card>
  )
}
