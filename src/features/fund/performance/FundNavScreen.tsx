import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AsyncContent, StaleNotice } from '@/components/AsyncContent'
import { LoadMore } from '@/components/LoadMore'
import { usePaged } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { FundNavRowsDocument } from '@/services/generated/graphql'
import { formatNav } from '@/utils/format'
import { SignedRate } from '@/components/Figure'
import { FigureBasisSheet } from '@/features/basis'
import { FundPending } from '../FundPending'
import { FundTitle } from '../FundTitle'
import '../index.scss'
import { FundNavChart } from './FundNavChart'

export const NAV_PAGE_SIZE = 20

/** Historical performance: the chart, then the NAV table paged by pageInfo, newest first. */
export function FundNavScreen({ fundCode }: { fundCode: string }) {
  // The first page of rows comes inside the fund query; the next pages ask the same query with a cursor.
  const {
    state,
    head: fund,
    items: rows,
    stale,
    more,
    reload,
    loadMore,
  } = usePaged(
    `fundNav:${fundCode}`,
    (cursor) =>
      fundCode
        ? execute(FundNavRowsDocument, { fundCode, size: NAV_PAGE_SIZE, ...(cursor ? { cursor } : {}) }).then((r) => r.fund)
        : Promise.resolve(null),
    { page: (f) => f.navRows, empty: () => false },
  )
  // The NAV day whose 日涨跌幅 口径 sheet is open.
  const [basis, setBasis] = useState<string | null>(null)

  if (state !== 'ready' || !fund) return <FundPending state={state} onRetry={() => void reload()} rows={10} />
  return (
    <View className='alfa-fund'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <FundTitle fund={fund} />
      <FundNavChart fundCode={fundCode} unavailable={fund.figuresUnavailable} />
      <AsyncContent state={rows.length ? 'ready' : 'empty'} emptyTitle='暂无净值' emptyDescription='基金成立并公布净值后再来查看。'>
        <View className='alfa-section alfa-fund-table' role='table'>
          <View className='alfa-fund-table__row alfa-fund-table__row--head' role='row'>
            <Text className='alfa-fund-table__cell alfa-fund-table__cell--first' role='columnheader'>
              日期
            </Text>
            <Text className='alfa-fund-table__cell' role='columnheader'>
              单位净值
            </Text>
            <Text className='alfa-fund-table__cell' role='columnheader'>
              累计净值
            </Text>
            <Text className='alfa-fund-table__cell' role='columnheader'>
              日涨跌幅
            </Text>
          </View>
          {rows.map((r) => (
            <View key={r.date} className='alfa-fund-table__row' role='row'>
              <Text className='alfa-fund-table__cell alfa-fund-table__cell--first alfa-fund-digits' role='cell'>
                {r.date}
              </Text>
              <Text className='alfa-fund-table__cell alfa-fund-digits' role='cell'>
                {formatNav(r.nav)}
              </Text>
              <Text className='alfa-fund-table__cell alfa-fund-digits' role='cell'>
                {formatNav(r.accNav)}
              </Text>
              {/* The rate opens its 口径 (that day's 日涨跌幅); a View around it, as Baidu drops a text inside a text. */}
              <View className='alfa-fund-table__cell' role='cell'>
                {r.dailyReturn == null ? (
                  <SignedRate value={r.dailyReturn} />
                ) : (
                  <View role='button' aria-haspopup='dialog' data-figure={r.date} onClick={() => setBasis(r.date)}>
                    <SignedRate value={r.dailyReturn} />
                  </View>
                )}
              </View>
            </View>
          ))}
        </View>
        <LoadMore status={more} onLoad={() => void loadMore()} />
      </AsyncContent>
      {basis && <FigureBasisSheet fundCode={fundCode} figure={basis} onClose={() => setBasis(null)} />}
    </View>
  )
}
