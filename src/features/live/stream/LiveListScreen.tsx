import { View } from '@tarojs/components'
import { AsyncContent } from '@/components/AsyncContent'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { LiveListDocument } from '@/services/generated/graphql'
import { StreamCard } from './StreamCard'
import '../index.scss'

/** 直播 without a stream named: every stream, newest first, each opening its page. */
export function LiveListScreen() {
  const { state, data, stale, reload } = useRemote('liveStreams', async () => (await execute(LiveListDocument)).liveStreams)
  return (
    <View className='alfa-live-list'>
      <AsyncContent
        state={state}
        stale={stale}
        onRetry={() => reload()}
        emptyTitle='暂无直播'
        emptyDescription='直播开始前会在这里预告，过几天再来看看。'
        skeleton={{ rows: 6 }}
      >
        {(data ?? []).map((s) => (
          <StreamCard key={s.liveId} stream={s} />
        ))}
      </AsyncContent>
    </View>
  )
}
