import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { useRemote } from '@/hooks/remote'
import type { RestFund } from '@/services/api'
import { navigateTo } from '@/services/navigation'
import { formatPercent, toneOf } from '@/utils/number'
import type { HomeData } from './homeData'
import { loadHandPicked, loadPopular } from './homeSource'
import { Section } from './Section'

/** A fund of a home list: name and code, a note, the day's return; a tap opens the fund. */
function FundLine({ fund, note }: { fund: RestFund; note: string | null }) {
  return (
    <View
      className='alfa-home__row'
      role='link'
      data-fund-code={fund.fundCode}
      onClick={() => void navigateTo('fund', { fundCode: fund.fundCode })}
    >
      <View className='alfa-home__row-main'>
        <Text className='alfa-home__row-title'>{fund.fundName}</Text>
        <Text className='alfa-home__row-note'>{note ? `${fund.fundCode} · ${note}` : fund.fundCode}</Text>
      </View>
      <View className='alfa-home__row-figure'>
        <Text className={`alfa-home__row-value alfa-home__tone--${toneOf(fund.dailyReturn)}`}>
          {formatPercent(fund.dailyReturn, 2, { sign: true })}
        </Text>
        <Text className='alfa-home__row-label'>日涨跌幅</Text>
      </View>
    </View>
  )
}

/** A small section's own states: rows while loading, a retry when it failed (the rest of the page stays). */
function Pending({ state, onRetry }: { state: string; onRetry: () => unknown }) {
  if (state === 'error')
    return (
      <View className='alfa-home__retry' role='button' onClick={() => void onRetry()}>
        加载失败，点击重试
      </View>
    )
  return state === 'loading' ? <View className='alfa-home__loading' aria-busy='true' aria-label='正在加载' /> : null
}

/** 精选基金: the feed's first hand-picked funds (mini-programs, /m4); 查看全部 reads every one (/m4/hand-picked). */
export function HandPickedFunds({ first }: { first: NonNullable<HomeData['handPicked']> }) {
  const [all, setAll] = useState(false)
  const rest = useRemote(all ? 'home:handPicked' : null, loadHandPicked)
  if (!first.length) return null
  const list = all && rest.data ? rest.data : first
  return (
    <Section name='handPicked' title='精选基金' more={all ? undefined : { text: '查看全部', onTap: () => setAll(true) }}>
      {list.map((f) => (
        <FundLine key={f.fundCode} fund={f} note={f.reason} />
      ))}
      {all && <Pending state={rest.state} onRetry={() => rest.reload()} />}
    </Section>
  )
}

/** 热门自选: the most picked funds (/user-fund-picks/popular, 6); shown under the first screen's answer, so asked after it. */
export function PopularPicks() {
  const { state, data, reload } = useRemote('home:popular', loadPopular)
  if (state === 'empty') return null
  return (
    <Section name='popular' title='热门自选' more={{ text: '我的自选', onTap: () => navigateTo('favourites') }}>
      {(data ?? []).map((f) => (
        <FundLine key={f.fundCode} fund={f} note={`${f.pickCount}人自选`} />
      ))}
      <Pending state={state} onRetry={() => reload()} />
    </Section>
  )
}
