import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { LoadMore } from '@/components/LoadMore'
import { usePaged } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { MarkMessagesReadDocument, UserMessagesDocument } from '@/services/generated/graphql'
import { startLogin } from '@/services/login'
import { navigateTo } from '@/services/navigation'
import { formatDate } from '@/utils/format'
import './index.scss'

export const MESSAGES_PAGE_SIZE = 20
/** The answer cache's key of the list (kept per user). */
export const MESSAGES_KEY = 'userMessages'

/**
 * 消息: the signed-in user's messages (NAV alerts), newest first, unread ones marked. Tapping one
 * marks it read and opens its fund; 全部已读 marks every one. An anonymous user is asked to log in (去登录).
 */
export function MessagesScreen() {
  const { head, items, state, stale, more, reload, loadMore } = usePaged(
    MESSAGES_KEY,
    async (cursor) => (await execute(UserMessagesDocument, { page: { cursor, size: MESSAGES_PAGE_SIZE } })).myMessages,
    { user: true },
  )
  // Read marks made here show at once; the server's answer replaces them on the next load.
  const [readHere, setReadHere] = useState<ReadonlySet<string>>(new Set())

  const unread = Math.max(0, (head?.unreadCount ?? 0) - items.filter((m) => !m.read && readHere.has(m.id)).length)
  const markAll = async () => {
    setReadHere(new Set(items.map((m) => m.id)))
    // A failure is logged by the client; the next load shows the server's marks again.
    await execute(MarkMessagesReadDocument, {}).catch(() => undefined)
    void reload(true)
  }
  const open = (id: string, fundCode: string | null | undefined, read: boolean) => {
    if (!read) {
      setReadHere((s) => new Set([...s, id]))
      void execute(MarkMessagesReadDocument, { ids: [id] }).catch(() => undefined)
    }
    if (fundCode) navigateTo('fund', { fundCode })
  }

  if (state === 'login')
    return (
      <Empty
        title='登录后查看消息'
        description='净值提醒触发后，消息会出现在这里。'
        actionText='去登录'
        onAction={() => void startLogin()}
      />
    )
  if (state === 'empty')
    return (
      <Empty
        title='暂无消息'
        description='在自选基金详情页的「净值提醒」里设置涨跌幅或净值，触发时会在这里通知你。'
        actionText='去我的自选'
        onAction={() => void navigateTo('favourites')}
      />
    )
  return (
    <View className='alfa-messages'>
      <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 6 }}>
        <View className='alfa-messages__head'>
          <Text className='alfa-messages__count' data-unread={unread}>
            {unread ? `${unread} 条未读` : '全部已读'}
          </Text>
          {unread > 0 && (
            <View className='alfa-messages__all' role='button' onClick={() => void markAll()}>
              全部已读
            </View>
          )}
        </View>
        {items.map((m) => {
          const read = m.read || readHere.has(m.id)
          return (
            <View
              key={m.id}
              className={`alfa-messages__row${read ? '' : ' alfa-messages__row--unread'}`}
              data-message-id={m.id}
              role='link'
              aria-label={`${read ? '' : '未读，'}${m.title}：${m.body}`}
              onClick={() => open(m.id, m.fundCode, read)}
            >
              <View className='alfa-messages__title'>
                {!read && <View className='alfa-messages__dot' aria-hidden='true' />}
                <Text className='alfa-messages__name'>{m.title}</Text>
                <Text className='alfa-messages__time'>{formatDate(m.createdAt)}</Text>
              </View>
              <Text className='alfa-messages__body'>{m.body}</Text>
            </View>
          )
        })}
        <LoadMore status={more} onLoad={() => void loadMore()} />
      </AsyncContent>
    </View>
  )
}
