import { Text, View } from '@tarojs/components'
import { StaleNotice } from '@/components/AsyncContent'
import { Avatar } from '@/components/Avatar'
import { BottomBar } from '@/components/BottomBar'
import { Card } from '@/components/Card'
import { Empty } from '@/components/Empty'
import { useShareSubject } from '@/components/Page'
import type { PoInvestorMessageItemFragment } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { PortfolioPending } from '../PortfolioPending'
import { PortfolioTitle } from '../PortfolioTitle'
import { usePoCode, usePortfolioQuery } from '../hooks'
import './index.scss'
import { loadAdvisor } from './load'
import { AdvisorCharge } from './AdvisorCharge'
import { PoManagerCard } from './ManagerCard'
import { openTradeRules } from './notices'
import { MyService, ServiceAction } from '../detail/MyService'

/** What an investor said about the strategy. */
function InvestorMessage({ message: m }: { message: PoInvestorMessageItemFragment }) {
  const name = m.nickName || '投资者'
  return (
    <View className='alfa-po-message'>
      <Avatar className='alfa-po-message__avatar' name={name} url={m.avatar} />
      <View className='alfa-po-message__body'>
        <View className='alfa-po-message__head'>
          <Text className='alfa-po-message__name'>{name}</Text>
          {m.userDays !== null && <Text className='alfa-po-muted'>{`陪伴${m.userDays}天`}</Text>}
        </View>
        <Text className='alfa-po-message__content'>{m.content}</Text>
        <Text className='alfa-po-muted' aria-label={`${m.likeNum}人点赞`}>{`赞 ${m.likeNum}`}</Text>
      </View>
    </View>
  )
}

/**
 * Advisory service (投顾服务): the advisor, how the user stands with the service (anonymous, not
 * signed, signed with the holdings), the service, its charge and what investors say.
 */
export function AdvisorScreen() {
  const poCode = usePoCode()
  // The signed state and holdings are the user's: kept per user, asked again on login and logout.
  const { state, data: po, stale, reload } = usePortfolioQuery('advisor', poCode, loadAdvisor, { user: 'optional' })
  useShareSubject(po?.poName)
  if (state !== 'ready' || !po) return <PortfolioPending state={state} onRetry={() => void reload()} rows={8} />
  const charge = po.tradeRule.advisorCharge
  return (
    <View className='alfa-po'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <PortfolioTitle poName={po.poName} poCode={po.poCode} />
      {!po.hasAdvisor ? (
        <Empty title='该策略暂无投顾服务' description='该策略不提供投顾服务，可查看策略详情和交易须知。' />
      ) : (
        <>
          {po.manager && <PoManagerCard manager={po.manager} title='投顾主理人' />}
          <MyService p={po} onAdvisorScreen />
          <Card title='服务内容'>
            <Text className='alfa-po-text'>{po.description || '主理人提供配置建议、调仓提醒和陪伴服务。'}</Text>
            {po.philosophy && <Text className='alfa-po-text'>{`投资理念：${po.philosophy}`}</Text>}
          </Card>
          <Card title='投顾服务费'>
            {charge ? <AdvisorCharge charge={charge} /> : <Text className='alfa-po-text'>暂无收费信息。</Text>}
            <View className='alfa-po-link' role='link' onClick={() => openTradeRules(po.poCode)}>
              交易须知 ›
            </View>
          </Card>
          <Card title='投顾内容' onMore={() => navigateTo('advisorContent', { poCode: po.poCode })}>
            <Text className='alfa-po-text'>主理人的投顾报告和主理人说。</Text>
          </Card>
          <Card title='投资者留言'>
            {po.investorMessages.length === 0 ? (
              <Text className='alfa-po-text'>还没有投资者留言。</Text>
            ) : (
              po.investorMessages.map((m) => <InvestorMessage key={m.id} message={m} />)
            )}
          </Card>
          <BottomBar>
            <ServiceAction p={po} />
          </BottomBar>
        </>
      )}
    </View>
  )
}
