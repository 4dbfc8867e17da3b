import { Image, Text, View } from '@tarojs/components'
import { AsyncContent } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { ColumnListDocument, type ColumnCardFragment } from '@/services/generated/graphql'
import { imageSrc } from '@/services/imageUrl'
import { goHome, navigateTo } from '@/services/navigation'
import '../index.scss'

/** 专栏: every column (allColumns); a tap opens its articles. */
export function ColumnScreen() {
  const { state, data, stale, reload } = useRemote<ColumnCardFragment[]>(
    'columns',
    async () => (await execute(ColumnListDocument)).allColumns,
  )
  if (state === 'empty') {
    return (
      <Empty title='暂无专栏' description='专栏上新后会出现在这里，先去首页看看吧。' actionText='去首页' onAction={() => void goHome()} />
    )
  }
  return (
    <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 6 }}>
      <View className='alfa-columns'>
        {(data ?? []).map((c) => (
          <ColumnCard key={c.columnId} column={c} />
        ))}
      </View>
    </AsyncContent>
  )
}

function ColumnCard({ column: c }: { column: ColumnCardFragment }) {
  const cover = imageSrc(c.coverUrl)
  return (
    <View className='alfa-columns__card' role='link' onClick={() => void navigateTo('columnDetail', { columnId: c.columnId })}>
      {cover ? (
        <Image className='alfa-columns__cover' src={cover} mode='aspectFill' lazyLoad aria-hidden='true' />
      ) : (
        <View className='alfa-columns__cover' />
      )}
      <View className='alfa-columns__text'>
        <Text className='alfa-columns__title'>{c.title}</Text>
        {c.description && <Text className='alfa-columns__description'>{c.description}</Text>}
      </View>
      <Text className='alfa-columns__go'>›</Text>
    </View>
  )
}
