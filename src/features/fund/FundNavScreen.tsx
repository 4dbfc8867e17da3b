import { Text, View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { LoadMore, type LoadMoreStatus } from '@/components/LoadMore'
import { execute } from '@/services/graphql'
import { FundNavRowsDocument, type FundNavRowsQuery } from '@/services/generated/graphql'
import { formatNav } from '@/utils/format'
import { SignedRate, FundPending, FundTitle } from './components'
import { FundNavChart } from './FundNavChart'
import { useFundQuery } from './hooks'

export const NAV_PAGE_SIZE = 20
type Rows = NonNullable<FundNavRowsQuery['fund']>['navRows']

const loadFirst = async (fundCode: string) => (await execute(FundNavRowsDocument, { fundCode, size: NAV_PAGE_SIZE })).fund

/** Historical performance: the chart, then the NAV table paged by pageInfo, newest first. */
export function FundNavScreen({ fundCode }: { fundCode: string }) {
  const { state, data: fund, reload } = useFundQuery('fundNav', fundCode, loadFirst)
  // Pages after the first; reset whenever the first page reloads.
  const [more, setMore] = useState<{ base: Rows | null; list: Rows['list']; pageInfo: Rows['pageInfo'] | null }>({ base: null, list: [], pageInfo: null })
  const [paging, setPaging] = useState<LoadMoreStatus>('more')
  const first = fund?.navRows ?? null
  const extra = more.base === first ? more : { base: first, list: [], pageInfo: null }
  const pageInfo = extra.pageInfo ?? first?.pageInfo
  const status: LoadMoreStatus = paging === 'loading' || paging === 'error' ? paging : pageInfo?.hasMore ? 'more' : 'noMore'

  const loadMore = async () => {
    if (!first || !pageInfo?.hasMore || paging === 'loading') return
    setPaging('loading')
    try {
      const r = await execute(FundNavRowsDocument, { fundCode, size: NAV_PAGE_SIZE, cursor: pageInfo.cursor })
      const rows = r.fund?.navRows
      if (rows) setMore({ base: first, list: [...extra.list, ...rows.list], pageInfo: rows.pageInfo })
      setPaging('more')
    } catch {
      setPaging('error')
    }
  }
  useReachBottom(() => void loadMore())

  if (state !== 'ready' || !fund || !first) return <FundPending state={state} onRetry={() => void reload()} rows={10} />
  const rows = [...first.list, ...extra.list]
  return (
    <View className='alfa-fund'>
      <FundTitle fund={fund} />
      <FundNavChart fundCode={fundCode} />
      <AsyncContent state={rows.length ? 'ready' : 'empty'} emptyTitle='暂无净值' emptyDescription='基金成立并公布净值后再来查看。'>
        <View className='alfa-fund-card alfa-fund-table' role='table'>
          <View className='alfa-fund-table__row alfa-fund-table__row--head' role='row'>
            <Text className='alfa-fund-table__cell alfa-fund-table__cell--first'>日期</Text>
            <Text className='alfa-fund-table__cell'>单位净值</Text>
            <Text className='alfa-fund-table__cell'>累计净值</Text>
            <Text className='alfa-fund-table__cell'>日涨跌幅</Text>
          </View>
          {rows.map((r) => (
            <View key={r.date} className='alfa-fund-table__row' role='row'>
              <Text className='alfa-fund-table__cell alfa-fund-table__cell--first alfa-fund-digits'>{r.date}</Text>
              <Text className='alfa-fund-table__cell alfa-fund-digits'>{formatNav(r.nav)}</Text>
              <Text className='alfa-fund-table__cell alfa-fund-digits'>{formatNav(r.accNav)}</Text>
              <SignedRate value={r.dailyReturn} className='alfa-fund-table__cell' />
            </View>
          ))}
        </View>
        <LoadMore status={status} onLoad={() => void loadMore()} />
      </AsyncContent>
    </View>
  )
}
