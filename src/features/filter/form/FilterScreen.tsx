import { Text, View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { useMemo, type ReactNode } from 'react'
import { BarButton, BottomBar } from '@/components/BottomBar'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { FilterCountDocument } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import {
  BUY_FEE_OPTIONS,
  CATEGORY_OPTIONS,
  DEFAULT_PERIOD,
  MANAGER_YEARS_OPTIONS,
  MAX_DRAWDOWN_OPTIONS,
  MIN_RETURN_OPTIONS,
  PERIOD_OPTIONS,
  RISK_OPTIONS,
  SIZE_OPTIONS,
  sizeKeyOf,
  toConditions,
  withSizeRange,
  type FilterConditions,
  type Option,
} from '../conditions'
import { filterStore } from '../store'
import './FilterScreen.scss'

/** The live count waits this long after the last change. */
export const COUNT_DELAY = 300

type Key = keyof FilterConditions

function Chips<T>({ options, isOn, onTap }: { options: Option<T>[]; isOn: (v: T) => boolean; onTap: (v: T) => void }) {
  return (
    <View className='alfa-filter__chips'>
      {options.map((o) => {
        const on = isOn(o.value)
        return (
          <View
            key={String(o.value)}
            className={`alfa-filter__chip${on ? ' alfa-filter__chip--on' : ''}`}
            role='checkbox'
            aria-checked={on}
            onClick={() => onTap(o.value)}
          >
            {o.label}
          </View>
        )
      })}
    </View>
  )
}

function Group({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <View className='alfa-filter__group'>
      <View className='alfa-filter__title'>
        <Text>{title}</Text>
        {hint && <Text className='alfa-filter__hint'>{hint}</Text>}
      </View>
      {children}
    </View>
  )
}

/**
 * 基金筛选: condition chips bound to filterStore.formValue (several types or risk levels; one
 * choice, tapped again to clear, for the others), a live "共 N 只基金符合条件" from
 * FilterCount after COUNT_DELAY, 重置 and 查看结果.
 */
export const FilterScreen = observer(function FilterScreen() {
  const value = filterStore.formValue as FilterConditions
  const conditions = useMemo(() => toConditions(value), [value])
  const key = JSON.stringify(conditions)
  // A live figure for every combination of chips: not worth a place in the cache.
  const { state, data: count } = useRemote(
    `filterCount:${key}`,
    () => execute(FilterCountDocument, { conditions: JSON.parse(key) as FilterConditions }).then((d) => d.fundFilterCount),
    { cache: false, delay: COUNT_DELAY },
  )

  const set = (k: Key, v: unknown) => filterStore.setFormValue({ ...filterStore.formValue, [k]: v })
  const toggleIn = <T,>(k: 'categoryCodes' | 'riskLevels', v: T) => {
    const current = filterStore.formValue as FilterConditions
    const list = ((current[k] as T[] | undefined) ?? []).slice()
    const i = list.indexOf(v)
    if (i >= 0) list.splice(i, 1)
    else list.push(v)
    set(k, list.length ? list : undefined)
  }
  const single = <T,>(k: Key) => ({
    isOn: (v: T) => value[k] === v,
    onTap: (v: T) => set(k, (filterStore.formValue as FilterConditions)[k] === v ? undefined : v),
  })
  const period = value.returnPeriod ?? DEFAULT_PERIOD
  const sizeKey = sizeKeyOf(filterStore.formValue)

  return (
    <View className='alfa-filter'>
      <Group title='基金类型' hint='可多选'>
        <Chips options={CATEGORY_OPTIONS} isOn={(v) => !!value.categoryCodes?.includes(v)} onTap={(v) => toggleIn('categoryCodes', v)} />
      </Group>
      <Group title='风险等级' hint='可多选'>
        <Chips options={RISK_OPTIONS} isOn={(v) => !!value.riskLevels?.includes(v)} onTap={(v) => toggleIn('riskLevels', v)} />
      </Group>
      <Group title='区间收益' hint='先选区间，再选收益'>
        <Chips options={PERIOD_OPTIONS} isOn={(v) => period === v} onTap={(v) => set('returnPeriod', v)} />
        <Chips options={MIN_RETURN_OPTIONS} {...single<string>('minReturn')} />
      </Group>
      <Group title='近1年最大回撤'>
        <Chips options={MAX_DRAWDOWN_OPTIONS} {...single<string>('maxDrawdown')} />
      </Group>
      <Group title='基金经理从业年限'>
        <Chips options={MANAGER_YEARS_OPTIONS} {...single<number>('minManagerYears')} />
      </Group>
      <Group title='申购费率'>
        <Chips options={BUY_FEE_OPTIONS} {...single<string>('maxBuyFeeRate')} />
      </Group>
      <Group title='基金规模' hint='按最新季报'>
        <Chips
          options={SIZE_OPTIONS}
          isOn={(v) => sizeKey === v}
          onTap={(v) => filterStore.setFormValue(withSizeRange(filterStore.formValue, sizeKey === v ? undefined : v))}
        />
      </Group>
      <View className='alfa-filter__note'>收益、回撤按最新净值日计算，基金规模按最新季报，已终止基金不计入。</View>
      <BottomBar
        note={
          <View className='alfa-filter__count' role='status'>
            {state === 'error' ? '暂时无法统计符合条件的基金' : count === null ? '正在统计…' : `共 ${count} 只基金符合条件`}
          </View>
        }
      >
        <BarButton className='alfa-filter__reset' tone='plain' width='narrow' onClick={() => filterStore.reset()}>
          重置
        </BarButton>
        <BarButton className='alfa-filter__submit' onClick={() => navigateTo('filterResult')}>
          查看结果
        </BarButton>
      </BottomBar>
    </View>
  )
})
