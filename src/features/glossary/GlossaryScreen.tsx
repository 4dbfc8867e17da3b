import { Input, View } from '@tarojs/components'
import { useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { execute } from '@/services/graphql'
import { GlossaryTermsDocument, type GlossaryTermsQuery } from '@/services/generated/graphql'
import { useRemote } from '@/hooks/remote'
import '../../styles/list.scss'
import '../../styles/search.scss'

type Term = GlossaryTermsQuery['glossaryTerms'][number]

/** Terms whose name, pinyin initials or definition contain the keyword (whitespace ignored). */
export function filterTerms(terms: readonly Term[], keyword: string): Term[] {
  const k = keyword.replace(/\s+/g, '').toLowerCase()
  if (!k) return [...terms]
  return terms.filter((t) => t.term.toLowerCase().includes(k) || t.initials.startsWith(k) || t.definition.includes(k))
}

/** 基金术语: a searchable list of fund terms with definitions. */
export function GlossaryScreen() {
  const [keyword, setKeyword] = useState('')
  const { state, data, stale, reload } = useRemote('glossary', async () => (await execute(GlossaryTermsDocument, {})).glossaryTerms)
  const shown = filterTerms(data ?? [], keyword)
  return (
    <View>
      <View className='alfa-search__bar'>
        <Input
          className='alfa-search__input'
          value={keyword}
          placeholder='搜索术语，如 净值 或 jz'
          onInput={(e) => setKeyword(String(e.detail?.value ?? ''))}
        />
      </View>
      <AsyncContent
        state={state === 'ready' && shown.length === 0 ? 'empty' : state}
        stale={stale}
        onRetry={() => reload()}
        emptyTitle={keyword ? '没有找到这个术语' : '暂无术语'}
        emptyDescription={keyword ? '换个说法试试，例如“回撤”。' : undefined}
        skeleton={{ rows: 8 }}
      >
        <View className='alfa-list'>
          {shown.map((t) => (
            <View key={t.termId} className='alfa-list__row alfa-glossary__term'>
              <View className='alfa-list__main'>
                <View className='alfa-list__title'>{t.term}</View>
                <View className='alfa-glossary__definition'>{t.definition}</View>
              </View>
            </View>
          ))}
        </View>
      </AsyncContent>
    </View>
  )
}
