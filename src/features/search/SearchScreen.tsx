import { Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { useRemote } from '@/hooks/remote'
import { popularPicks } from '@/services/api'
import { execute } from '@/services/graphql'
import { navigateTo } from '@/services/navigation'
import { SearchAllDocument } from '@/services/generated/graphql'
import { clearRecentSearches, loadRecentSearches, recordRecentSearch, type RecentSearch, type SearchKind } from './recent'
import '../../styles/list.scss'
import '../../styles/search.scss'

/** Typing settles for this long before a search request. */
export const SEARCH_DEBOUNCE_MS = 250

const KIND_LABEL: Record<SearchKind, string> = { fund: '基金', manager: '基金经理', portfolio: '策略' }

/** Opens a result's screen and records it as recent. */
export function openResult(item: RecentSearch) {
  recordRecentSearch(item)
  if (item.kind === 'fund') navigateTo('fundEntry', { fundCode: item.id })
  else if (item.kind === 'manager') navigateTo('manager', { fundManagerId: item.id })
  else navigateTo('portfolioEntry', { poCode: item.id })
}

/** 搜索: funds, managers and strategies by code, name or pinyin initials; recent items and popular picks. */
export function SearchScreen() {
  const [keyword, setKeyword] = useState('')
  const [recent, setRecent] = useState<RecentSearch[]>(() => loadRecentSearches())
  const { data: popular } = useRemote('searchPopular', () => popularPicks().then((data) => data?.list ?? []))
  const k = keyword.trim()
  // Each keystroke would be an entry: results are not cached.
  const {
    state,
    data: result,
    reload,
  } = useRemote(k ? `search:${k}` : null, () => execute(SearchAllDocument, { keyword: k, limit: 10 }).then((d) => d.search), {
    cache: false,
    delay: SEARCH_DEBOUNCE_MS,
    empty: (r) => !r.funds.length && !r.managers.length && !r.portfolios.length,
  })

  const open = (item: RecentSearch) => {
    openResult(item)
    setRecent(loadRecentSearches())
  }

  const hits: RecentSearch[] = result
    ? [
        ...result.funds.map((f) => ({ kind: 'fund' as const, id: f.fundCode, name: f.fundName })),
        ...result.managers.map((m) => ({ kind: 'manager' as const, id: m.managerId, name: m.managerName })),
        ...result.portfolios.map((p) => ({ kind: 'portfolio' as const, id: p.poCode, name: p.poName })),
      ]
    : []

  return (
    <View className='alfa-search'>
      <View className='alfa-search__bar'>
        <Input
          className='alfa-search__input'
          value={keyword}
          placeholder='基金代码 / 名称 / 拼音首字母'
          focus
          confirmType='search'
          onInput={(e) => setKeyword(String(e.detail?.value ?? ''))}
          onConfirm={() => k && void reload()}
        />
        {keyword && (
          <View className='alfa-search__clear' role='button' onClick={() => setKeyword('')}>
            取消
          </View>
        )}
      </View>
      {k ? (
        <AsyncContent
          state={state}
          onRetry={() => reload()}
          emptyTitle='没有找到相关结果'
          emptyDescription='换个关键词试试，例如基金代码或拼音首字母 yfd。'
          skeleton={{ rows: 5, title: false }}
        >
          {(['fund', 'manager', 'portfolio'] as const).map((kind) => {
            const group = hits.filter((h) => h.kind === kind)
            if (!group.length) return null
            return (
              <View key={kind} className='alfa-list'>
                <View className='alfa-list__section'>{KIND_LABEL[kind]}</View>
                {group.map((h) => (
                  <View key={`${kind}:${h.id}`} className='alfa-list__row' role='button' onClick={() => open(h)}>
                    <View className='alfa-list__main'>
                      <View className='alfa-list__title'>{h.name}</View>
                      <View className='alfa-list__sub'>{h.id}</View>
                    </View>
                  </View>
                ))}
              </View>
            )
          })}
        </AsyncContent>
      ) : (
        <View>
          {recent.length > 0 && (
            <View className='alfa-search__block'>
              <View className='alfa-search__block-head'>
                <Text>最近搜索</Text>
                <View
                  className='alfa-search__action'
                  role='button'
                  onClick={() => {
                    clearRecentSearches()
                    setRecent([])
                  }}
                >
                  清空
                </View>
              </View>
              <View className='alfa-search__chips'>
                {recent.map((r) => (
                  <View key={`${r.kind}:${r.id}`} className='alfa-search__chip' role='button' onClick={() => open(r)}>
                    {r.name}
                  </View>
                ))}
              </View>
            </View>
          )}
          <View className='alfa-search__block'>
            <View className='alfa-search__block-head'>
              <Text>热门自选</Text>
            </View>
            {!popular?.length ? (
              <View className='alfa-list__sub'>暂无热门基金，输入代码或名称开始搜索。</View>
            ) : (
              <View className='alfa-search__chips'>
                {popular.map((p) => (
                  <View
                    key={p.fundCode}
                    className='alfa-search__chip'
                    role='button'
                    onClick={() => open({ kind: 'fund', id: p.fundCode, name: p.fundName })}
                  >
                    {p.fundName}
                  </View>
                ))}
              </View>
            )}
          </View>
        </View>
      )}
    </View>
  )
}
