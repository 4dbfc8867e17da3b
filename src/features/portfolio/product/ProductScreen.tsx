import { Text, View } from '@tarojs/components'
import { useEffect } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { PortfolioListDocument, type MoneyType, type PortfolioRowFragment } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { rememberKinds } from '../kind'
import { MONEY_TYPE_NAMES } from '@alfa/common/labels'
import { PortfolioRow } from './PortfolioRow'
import './index.scss'

/** The product page shows this many strategies of each money type. */
export const PER_POT = 3
/** The product page reads the first strategies of the brand in one page. */
const OVERVIEW_SIZE = 50

const POTS: MoneyType[] = ['Spare', 'Steady', 'Longterm']

/** Strategies of each of the "four pots" money types, in list order. */
export function groupByMoneyType(list: ReadonlyArray<PortfolioRowFragment>): Array<{ moneyType: MoneyType; list: PortfolioRowFragment[] }> {
  return POTS.map((moneyType) => ({ moneyType, list: list.filter((p) => p.moneyType === moneyType).slice(0, PER_POT) })).filter(
    (g) => g.list.length > 0,
  )
}

/** 策略: the brand's strategies by money type, a few of each, and 更多策略. */
export function ProductScreen() {
  const { state, data, stale, reload } = useRemote('portfolioOverview', () =>
    execute(PortfolioListDocument, { page: { size: OVERVIEW_SIZE } }).then((r) => r.portfolios),
  )
  useEffect(() => {
    if (data) rememberKinds(data.list)
  }, [data])
  const groups = data ? groupByMoneyType(data.list) : []
  return (
    <View className='alfa-po-list'>
      <AsyncContent
        state={state === 'ready' && groups.length === 0 ? 'empty' : state === 'notFound' ? 'empty' : state}
        stale={stale}
        onRetry={() => reload()}
        emptyTitle='暂无策略'
        emptyDescription='当前暂无可查看的策略，请稍后再来。'
        skeleton={{ rows: 8 }}
      >
        {groups.map((g) => (
          <View key={g.moneyType} className='alfa-po-list__group'>
            <Text className='alfa-po-list__section'>{MONEY_TYPE_NAMES[g.moneyType]}</Text>
            {g.list.map((p) => (
              <PortfolioRow key={p.poCode} portfolio={p} />
            ))}
          </View>
        ))}
        <View className='alfa-po-list__more' role='link' onClick={() => navigateTo('productList')}>
          {`更多策略（共${data?.totalCount ?? 0}个） ›`}
        </View>
      </AsyncContent>
    </View>
  )
}
