import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { StaleNotice } from '@/components/AsyncContent'
import { execute } from '@/services/graphql'
import { FundDetailDocument } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { formatNav } from '@/utils/number'
import { RiskTag, SignedRate } from '@/components/Figure'
import { useShareSubject } from '@/components/Page'
import { FundPending } from '../FundPending'
import { useFundQuery, useFundStopped } from '../hooks'
import { FundStoppedNotice } from './FundStoppedNotice'
import { FigureBasisSheet, FundDetailBody } from './body'
import '../index.scss'

const loadDetail = async (fundCode: string) => (await execute(FundDetailDocument, { fundCode })).fund

/** Fund details: header with the latest NAV, chart, returns, manager, trade rules, holdings, pick. */
export function FundDetailScreen({
  fundCode,
  variant,
}: {
  fundCode: string
  /** The broker-0008 pages link to each other. */ variant?: '0008'
}) {
  const { state, data: fund, stale, reload } = useFundQuery('fundDetail', fundCode, loadDetail)
  useShareSubject(fund?.fundName)
  const stopped = useFundStopped(fundCode, state === 'ready')
  // The head's 日涨跌幅 口径 sheet is open.
  const [basis, setBasis] = useState(false)
  if (state !== 'ready' || !fund) return <FundPending state={state} onRetry={() => void reload()} rows={8} />
  const terminated = stopped ?? (fund.isTerminated ? '该基金已终止运作' : null)
  return (
    <View className='alfa-fund'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      {terminated && <FundStoppedNotice msg={terminated} terminatedDate={fund.terminatedDate} />}
      <View className='alfa-fund-head'>
        <Text className='alfa-fund-head__name'>{fund.fundName}</Text>
        <View className='alfa-fund-head__meta'>
          <Text className='alfa-fund-digits'>{fund.fundCode}</Text>
          {fund.categoryName && <Text className='alfa-tag'>{fund.categoryName}</Text>}
          <RiskTag name={fund.riskLevelName} />
        </View>
        <View className='alfa-fund-head__figures'>
          <View
            className='alfa-fund-head__figure'
            data-figure='DAILY'
            {...(fund.dailyReturn == null
              ? {}
              : { role: 'button' as const, 'aria-haspopup': 'dialog' as const, onClick: () => setBasis(true) })}
          >
            <SignedRate value={fund.dailyReturn} className='alfa-fund-head__big' />
            <Text className='alfa-fund-head__label'>日涨跌幅</Text>
          </View>
          <View className='alfa-fund-head__figure'>
            <Text className='alfa-fund-head__big alfa-fund-digits'>{formatNav(fund.nav)}</Text>
            <Text className='alfa-fund-head__label'>{fund.navDate ? `单位净值（截至 ${fund.navDate}）` : '单位净值（暂无）'}</Text>
          </View>
        </View>
        {!terminated && fund.nav && (
          <View className='alfa-fund-link' role='link' onClick={() => navigateTo('valuationDetail', { fundCode })}>
            查看估值详情 ›
          </View>
        )}
      </View>
      {/* The chart, the cards below it and the bar: their own chunk on H5, loaded once the head has painted (./body). */}
      <FundDetailBody fund={fund} fundCode={fundCode} variant={variant} />
      {basis && <FigureBasisSheet fundCode={fundCode} figure='DAILY' onClose={() => setBasis(false)} />}
    </View>
  )
}
