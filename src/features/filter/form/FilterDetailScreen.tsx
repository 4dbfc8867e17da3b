import { Text, View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { AsyncContent } from '@/components/AsyncContent'
import { BarButton, BottomBar } from '@/components/BottomBar'
import { Empty } from '@/components/Empty'
import { startLogin } from '@/services/login'
import { navigateTo } from '@/services/navigation'
import { describeConditions } from '../conditions'
import { useResolvedFilter } from '../saved/savedFilters'
import { filterStore } from '../store'
import './FilterDetailScreen.scss'

/**
 * 筛选条件: the conditions of the filter being edited or of a saved one (filterId), in words;
 * 编辑 puts them in the form and opens 基金筛选, 查看结果 opens the results.
 */
export const FilterDetailScreen = observer(function FilterDetailScreen({ filterId }: { filterId?: string }) {
  const { filter, state, retry } = useResolvedFilter(filterId)

  if (state !== 'ready' || !filter) {
    if (state === 'notFound')
      return <Empty title='筛选不存在' description='它可能已被删除。' actionText='去筛选' onAction={() => navigateTo('filter')} />
    if (state === 'login') return <Empty title='登录后查看我的筛选' actionText='去登录' onAction={() => void startLogin()} />
    return <AsyncContent state={state} onRetry={retry} skeleton={{ rows: 5 }} />
  }

  const lines = describeConditions(filter.formValue)
  const edit = () => {
    filterStore.setFormValue({ ...filter.formValue })
    navigateTo('filter')
  }

  return (
    <View className='alfa-filter-detail'>
      <View className='alfa-filter-detail__card'>
        <Text className='alfa-filter-detail__title'>{filter.name ?? '当前筛选条件'}</Text>
        {lines.length ? (
          lines.map((l) => (
            <View key={l.name} className='alfa-filter-detail__line'>
              <Text className='alfa-filter-detail__name'>{l.name}</Text>
              <Text className='alfa-filter-detail__value'>{l.value}</Text>
            </View>
          ))
        ) : (
          <Text className='alfa-filter-detail__none'>未设置条件，显示全部基金</Text>
        )}
      </View>
      <BottomBar>
        <BarButton className='alfa-filter-detail__edit' tone='secondary' onClick={edit}>
          编辑
        </BarButton>
        <BarButton className='alfa-filter-detail__result' onClick={() => navigateTo('filterResult', filterId ? { filterId } : {})}>
          查看结果
        </BarButton>
      </BottomBar>
    </View>
  )
})
