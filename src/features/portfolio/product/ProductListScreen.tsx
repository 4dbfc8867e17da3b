import { View } from '@tarojs/components'
import { AsyncContent } from '@/components/AsyncContent'
import { LoadMore } from '@/components/LoadMore'
import { usePaged } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { PortfolioListDocument } from '@/services/generated/graphql'
import { rememberKinds } from '../kind'
import { PortfolioRow } from './PortfolioRow'
import './index.scss'

export const LIST_PAGE_SIZE = 20

/** 更多策略: every strategy of the brand, paged. */
export function ProductListScreen() {
  const { items, state, stale, more, reload, loadMore } = usePaged('portfolioList', async (cursor) => {
    const page = (await execute(PortfolioListDocument, { page: { cursor, size: LIST_PAGE_SIZE } })).portfolios
    rememberKinds(page.list)
    return page
  })
  return (
    <View className='alfa-po-list'>
      <AsyncContent
        state={state}
        stale={stale}
        onRetry={() => reload()}
        emptyTitle='暂无策略'
        emptyDescription='当前暂无可查看的策略，请稍后再来。'
        skeleton={{ rows: 8 }}
      >
        {items.map((p) => (
          <PortfolioRow key={p.poCode} portfolio={p} />
        ))}
        <LoadMore status={more} onLoad={() => void loadMore()} />
      </AsyncContent>
    </View>
  )
}
