import { Image, Text, View } from '@tarojs/components'
import { StaleNotice } from '@/components/AsyncContent'
import { Avatar } from '@/components/Avatar'
import { Card } from '@/components/Card'
import { Empty } from '@/components/Empty'
import { useShareSubject } from '@/components/Page'
import { openLink } from '@/services/links'
import { execute } from '@/services/graphql'
import {
  PortfolioIntroDocument,
  type PinnedCommunityPostFragment,
  type PortfolioIntroQuery,
  type PortfolioIntroVideoFragment,
} from '@/services/generated/graphql'
import { imageSrc } from '@/services/imageUrl'
import { toast } from '@/services/toast'
import { formatCount } from '@/utils/format'
import { PortfolioPending } from '../PortfolioPending'
import { PortfolioTitle } from '../PortfolioTitle'
import { usePoCode, usePortfolioQuery } from '../hooks'
import { askByKind } from '../kind'

type Answer = NonNullable<PortfolioIntroQuery['portfolio']>

/** Long-win plans have their own pinned posts (PinnedCommunityPosts' isLongWin). */
const loadIntro = (poCode: string, progress: (partial: Answer) => void) =>
  askByKind<Answer>(
    poCode,
    async (kind, onData) =>
      (await execute(PortfolioIntroDocument, { poCode, isLongWin: kind === 'longWin' }, { onData: (d) => onData(d.portfolio) })).portfolio,
    progress,
  )

/** Opens a link of the intro (video, post) through the link rules; says so when there is none. */
function open(url: string | null | undefined) {
  if (url) openLink(url)
  else toast.open('暂时无法打开该内容')
}

/** An image at the full width with its own aspect, loaded when it scrolls near. */
function WideImage({ url, className }: { url: string; className: string }) {
  const src = imageSrc(url)
  return src ? <Image className={className} src={src} mode='widthFix' lazyLoad aria-hidden='true' /> : null
}

/** The intro video: its cover, comment and view counts; a tap opens it. */
export function IntroVideo({ video }: { video: PortfolioIntroVideoFragment }) {
  const cover = imageSrc(video.coverUrl)
  const counts = [
    formatCount(video.commentCount) && `评论 ${formatCount(video.commentCount)}`,
    formatCount(video.visitCount) && `观看 ${formatCount(video.visitCount)}`,
  ].filter(Boolean)
  return (
    // The name holds the counts it shows, so that speech input finds the link by its visible text.
    <View role='link' aria-label={['播放策略介绍视频', ...counts].join(' · ')} onClick={() => open(video.url)}>
      <View className='alfa-po-intro__video'>
        {cover ? (
          <Image className='alfa-po-intro__cover' src={cover} mode='aspectFill' lazyLoad aria-hidden='true' />
        ) : (
          <View className='alfa-po-intro__cover' />
        )}
        <Text className='alfa-po-intro__play' aria-hidden>
          ▶
        </Text>
      </View>
      {counts.length > 0 && <Text className='alfa-po-intro__counts'>{counts.join(' · ')}</Text>}
    </View>
  )
}

/** Pinned community posts: author, title, intro and contents (text and images); a title opens the post. */
export function PinnedPosts({ posts }: { posts: readonly PinnedCommunityPostFragment[] }) {
  return (
    <View>
      {posts.map((post) => {
        const nickname = post.postBy.nickname ?? '匿名用户'
        return (
          <View key={post.postId} className='alfa-po-post' data-post-id={post.postId}>
            <View className='alfa-po-post__author'>
              <Avatar name={nickname} url={post.postBy.avatarUrl} className='alfa-po-post__avatar' />
              <Text>{nickname}</Text>
              {post.postBy.level != null && <Text className='alfa-tag'>{`Lv${post.postBy.level}`}</Text>}
            </View>
            <View className='alfa-po-post__title' role={post.url ? 'link' : undefined} onClick={() => post.url && open(post.url)}>
              {post.title}
            </View>
            {post.intro && <Text className='alfa-po-text'>{post.intro}</Text>}
            {post.contents.map((c, k) =>
              c.type === 'image' ? (
                <WideImage key={k} url={c.detail} className='alfa-po-post__image' />
              ) : (
                <Text key={k} className='alfa-po-text'>
                  {c.detail}
                </Text>
              ),
            )}
          </View>
        )
      })}
    </View>
  )
}

/** 策略介绍: the intro images, the intro video and the pinned community posts. */
export function IntroScreen() {
  const poCode = usePoCode()
  const { state, data, stale, reload } = usePortfolioQuery('portfolioIntro', poCode, loadIntro)
  useShareSubject(data?.poName)
  if (state !== 'ready' || !data) return <PortfolioPending state={state} onRetry={() => void reload()} />
  const { preference, introVideo } = data
  const head = <PortfolioTitle poName={data.poName} poCode={data.poCode} />
  if (!preference.hasIntroPage) {
    return (
      <View className='alfa-po'>
        {head}
        <Empty title='暂无策略介绍' description='该策略没有介绍页，可在策略详情中查看策略信息。' />
      </View>
    )
  }
  return (
    <View className='alfa-po'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      {head}
      {preference.introImageUrls.length === 0 && !introVideo && data.pinnedPosts?.length === 0 && (
        <Empty title='暂无介绍内容' description='该策略的介绍还在准备中，可先在策略详情中了解策略。' />
      )}
      {preference.introImageUrls.map((url) => (
        <WideImage key={url} url={url} className='alfa-po-intro__image' />
      ))}
      {introVideo && (
        <Card title='策略视频'>
          <IntroVideo video={introVideo} />
        </Card>
      )}
      {data.pinnedPosts === undefined ? (
        <Card title='置顶动态'>
          <Text className='alfa-po-muted'>正在加载置顶动态…</Text>
        </Card>
      ) : (
        data.pinnedPosts.length > 0 && (
          <Card title='置顶动态'>
            <PinnedPosts posts={data.pinnedPosts} />
          </Card>
        )
      )}
    </View>
  )
}
