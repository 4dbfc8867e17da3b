import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { observer } from '@/hooks/observer'
import { AsyncContent } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { startLogin } from '@/services/login'
import { navigateTo } from '@/services/navigation'
import { formatDate } from '@/utils/format'
import { summarizeConditions } from '../conditions'
import { filterStore, type FilterFormValue } from '../store'
import { rememberSavedFilter, useSavedFilters } from './savedFilters'
import './MyFilterScreen.scss'

/**
 * 我的筛选: the user's saved filters with their conditions in one line; a tap opens the results;
 * 管理 renames, reorders or deletes, and those edits reach this list through the answer cache when
 * it is shown again (hooks/remote.ts); empty → 去筛选; anonymous → login.
 */
export const MyFilterScreen = observer(function MyFilterScreen() {
  const { state, data, stale, reload } = useSavedFilters()
  const list = data ?? []

  // The spec's justDelete: a deletion elsewhere has 我的筛选 ask the server once more when shown.
  useDidShow(() => {
    if (!filterStore.justDelete) return
    filterStore.setJustDelete(false)
    void reload()
  })

  const startNew = () => {
    filterStore.reset()
    navigateTo('filter')
  }

  if (state === 'login')
    return (
      <Empty title='登录后查看我的筛选' description='登录后可保存常用的筛选条件。' actionText='去登录' onAction={() => void startLogin()} />
    )
  if (state === 'empty')
    return (
      <Empty
        title='还没有保存的筛选'
        description='按条件筛选基金后，点「保存筛选」即可在这里找到。'
        actionText='去筛选'
        onAction={startNew}
      />
    )

  return (
    <View className='alfa-my-filter'>
      <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 4 }}>
        <View className='alfa-my-filter__toolbar'>
          <Text className='alfa-my-filter__total'>共 {list.length} 个筛选</Text>
          <View className='alfa-my-filter__manage' role='button' onClick={() => navigateTo('filterManage')}>
            管理
          </View>
        </View>
        {list.map((f) => (
          <View
            key={f.filterId}
            className='alfa-my-filter__item'
            onClick={() => {
              rememberSavedFilter(f)
              navigateTo('filterResult', { filterId: f.filterId })
            }}
          >
            <View className='alfa-my-filter__head'>
              <Text className='alfa-my-filter__name'>{f.name}</Text>
              <Text className='alfa-my-filter__date'>{formatDate(f.createdAt, 'yyyy-MM-dd')}</Text>
            </View>
            <Text className='alfa-my-filter__conditions'>{summarizeConditions(f.formValue as FilterFormValue)}</Text>
          </View>
        ))}
        <View className='alfa-my-filter__new' role='button' onClick={startNew}>
          + 新建筛选
        </View>
      </AsyncContent>
    </View>
  )
})
