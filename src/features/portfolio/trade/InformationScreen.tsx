import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useRef, useState, type ReactNode } from 'react'
import { StaleNotice } from '@/components/AsyncContent'
import { Card, InfoRows } from '@/components/Card'
import { RiskTag, Tag } from '@/components/Figure'
import { useShareSubject } from '@/components/Page'
import { formatCount, formatDate, DATE } from '@/utils/format'
import { PortfolioPending } from '../PortfolioPending'
import { PortfolioTitle } from '../PortfolioTitle'
import { usePoCode, usePortfolioQuery } from '../hooks'
import { MONEY_TYPE_NAMES } from '@alfa/common/labels'
import { riskLevelName } from '../risk'
import './index.scss'
import { loadFollowers, loadInfo } from './load'
import { openManager } from './ManagerCard'

type Counts = Awaited<ReturnType<typeof loadFollowers>>

/** A text section; says so when the strategy has none. */
function TextCard({ title, text }: { title: string; text: string | null | undefined }) {
  return (
    <Card title={title}>
      <Text className='alfa-po-text'>{text || `暂无${title}。`}</Text>
    </Card>
  )
}

/** Strategy information: dates, manager, philosophy, strategy, range, benchmarks, money type, risk, followers. */
export function InformationScreen() {
  const poCode = usePoCode()
  const { state, data: po, stale, reload } = usePortfolioQuery('info', poCode, loadInfo)
  useShareSubject(po?.poName)
  // Follower counts change after a follow elsewhere: asked again when the page shows again.
  const [counts, setCounts] = useState<Counts>(null)
  const seen = useRef(false)
  useDidShow(() => {
    if (!seen.current) {
      seen.current = true
      return
    }
    if (poCode) void loadFollowers(poCode).then(setCounts, () => undefined)
  })
  if (state !== 'ready' || !po) return <PortfolioPending state={state} onRetry={() => void reload()} rows={10} />
  const followers = formatCount(counts?.followersCount ?? po.followersCount)
  const buyers = formatCount(counts?.buyersCount ?? po.buyersCount)
  const rows: Array<[string, ReactNode]> = [
    [
      '成立日期',
      <Text key='c' className='alfa-po-digits'>
        {formatDate(po.createdDate, DATE)}
      </Text>,
    ],
    ['运行天数', <Text key='r' className='alfa-po-digits'>{`${po.runningDays}天`}</Text>],
    [
      '主理人',
      po.manager ? (
        <View
          key='m'
          className='alfa-po-info__manager'
          role='link'
          aria-label={`主理人${po.manager.managerName}`}
          onClick={() => po.manager && openManager(po.manager.managerId)}
        >
          <Text className='alfa-po-link'>{po.manager.managerName}</Text>
          {po.manager.isVerified && <Text className='alfa-po-manager__verified'>已认证</Text>}
        </View>
      ) : (
        <Text key='m'>--</Text>
      ),
    ],
    ['资金类型', <Text key='t'>{MONEY_TYPE_NAMES[po.moneyType]}</Text>],
    ['风险等级', <RiskTag key='k' name={riskLevelName(po.riskLevel, po.seriesType)} />],
  ]
  // The count display rule: under 100 shows nothing, so the row is left out.
  if (followers)
    rows.push([
      '关注人数',
      <Text key='f' className='alfa-po-digits'>
        {followers}
      </Text>,
    ])
  if (buyers)
    rows.push([
      '购买人数',
      <Text key='b' className='alfa-po-digits'>
        {buyers}
      </Text>,
    ])
  return (
    <View className='alfa-po'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <PortfolioTitle poName={po.poName} poCode={po.poCode} />
      <Card title='基本信息'>
        <InfoRows rows={rows} />
      </Card>
      <TextCard title='投资理念' text={po.philosophy} />
      <TextCard title='投资策略' text={po.investStrategy} />
      <TextCard title='投资范围' text={po.investRange} />
      <Card title='业绩基准'>
        {po.comparableBenchmarks.length === 0 && <Text className='alfa-po-text'>该策略暂无业绩基准。</Text>}
        {po.comparableBenchmarks.map((b) => (
          <View key={b.indexCode} className='alfa-po-info__bench'>
            <View className='alfa-po-info__bench-name'>
              <Text>{b.name}</Text>
              {b.isDefault && <Tag tone='primary'>默认</Tag>}
            </View>
            {b.description && <Text className='alfa-po-muted'>{b.description}</Text>}
          </View>
        ))}
      </Card>
    </View>
  )
}
