import { Text, View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { BarButton } from '@/components/BottomBar'
import { Card } from '@/components/Card'
import { Tag } from '@/components/Figure'
import { startLogin } from '@/services/login'
import type { PortfolioHeadFragment } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { formatNumber } from '@/utils/number'
import { signedState, type Holding } from '../signed'
import { openTradeRules } from '../trade/notices'

/** What the service card and the bar read of a strategy's answer (the holdings only when asked: needQueryHolding). */
type ServiceSubject = Pick<PortfolioHeadFragment, 'poCode' | 'hasAdvisor' | 'hasSigned'> & { capitalAccountHoldings?: Holding[] | null }

const holdingsOf = (p: ServiceSubject) => p.capitalAccountHoldings ?? []

/** The user's holdings of the strategy, one row per capital account. */
function HoldingRows({ holdings }: { holdings: Holding[] }) {
  return (
    <>
      {holdings.map((h) => (
        <View key={h.caId} className='alfa-po-service__holding'>
          <Text className='alfa-po-digits'>{`持有 ${formatNumber(h.units, 2, { thousands: true })} 份`}</Text>
          <Text className='alfa-po-muted'>{`账户 ${h.caId}`}</Text>
        </View>
      ))}
    </>
  )
}

/**
 * 我的投顾服务: the advisory service as this user stands with it. Anonymous: log in to see it; logged
 * in without the agreement: what signing brings; signed: 已签约 · 服务中 with the holdings and 查看持仓.
 * A strategy without the service shows the card only to a user who holds it.
 */
export const MyService = observer(function MyService({ p, onAdvisorScreen = false }: { p: ServiceSubject; onAdvisorScreen?: boolean }) {
  const state = signedState(p.hasSigned)
  const holdings = holdingsOf(p)
  if (!p.hasAdvisor && !holdings.length) return null
  return (
    <Card title={p.hasAdvisor ? '我的投顾服务' : '我的持仓'} className={`alfa-po-service alfa-po-service--${state}`}>
      {p.hasAdvisor && state === 'anonymous' && (
        <View className='alfa-po-service__status'>
          <Text className='alfa-po-text'>登录后查看您的签约状态和持仓</Text>
          <View className='alfa-po-link' role='link' onClick={() => void startLogin()}>
            登录 ›
          </View>
        </View>
      )}
      {p.hasAdvisor && state === 'unsigned' && (
        <View className='alfa-po-service__status'>
          <Text className='alfa-po-text'>未签约：签约投顾服务后，主理人为您提供调仓提醒和陪伴服务</Text>
          {!onAdvisorScreen && (
            <View className='alfa-po-link' role='link' onClick={() => navigateTo('portfolioAdvisor', { poCode: p.poCode })}>
              了解投顾服务 ›
            </View>
          )}
        </View>
      )}
      {p.hasAdvisor && state === 'signed' && (
        <View className='alfa-po-service__status' role='status'>
          <Tag tone='primary'>已签约</Tag>
          <Text className='alfa-po-text'>投顾服务中</Text>
        </View>
      )}
      <HoldingRows holdings={holdings} />
      {holdings.length > 0 && (
        <View className='alfa-po-link' role='link' onClick={() => navigateTo('wallet')}>
          查看持仓 ›
        </View>
      )}
    </Card>
  )
})

/**
 * The bar's call to action: 签约投顾 for a strategy with the service (log in first when anonymous;
 * the risk disclosure and the trade rules next), 查看持仓 where the user holds, 已签约 otherwise.
 */
export const ServiceAction = observer(function ServiceAction({ p }: { p: ServiceSubject }) {
  const state = signedState(p.hasSigned)
  if (holdingsOf(p).length > 0 && state !== 'anonymous')
    return (
      <BarButton className='alfa-po-cta' onClick={() => navigateTo('wallet')}>
        查看持仓
      </BarButton>
    )
  if (!p.hasAdvisor) return null
  if (state === 'signed')
    return (
      <BarButton className='alfa-po-cta' tone='plain' disabled>
        已签约
      </BarButton>
    )
  return (
    <BarButton className='alfa-po-cta' onClick={() => (state === 'anonymous' ? void startLogin() : openTradeRules(p.poCode))}>
      签约投顾
    </BarButton>
  )
})
