import { useDidHide, useDidShow } from '@tarojs/taro'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { openLiveFeed, type FeedStatus, type LiveFeed } from '@/services/liveFeed'
import type { CommentRowFragment } from '@/services/generated/graphql'
import { mergeComments, newestId } from './merge'

/**
 * A stream's comments as shown: the loaded pages, and from the moment they are in, the comments
 * that arrive in real time (services/liveFeed.ts, resuming after the newest one shown) and those
 * posted here, each once and newest first; comments an operator removes disappear. The feed is
 * closed while the page is hidden (a mini-program allows a few sockets only) and opened again,
 * from the newest comment shown, when it is shown again.
 */
export function useLiveComments(liveId: string, pages: readonly CommentRowFragment[] | null) {
  const [arrived, setArrived] = useState<CommentRowFragment[]>([])
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set())
  const [status, setStatus] = useState<FeedStatus>('connecting')
  const comments = useMemo(() => mergeComments(pages ?? [], arrived, removed), [pages, arrived, removed])
  const feed = useRef<LiveFeed | null>(null)
  const shown = useRef(comments)
  shown.current = comments
  const loaded = pages !== null

  const connect = useCallback(() => {
    if (feed.current) return
    feed.current = openLiveFeed({
      liveId,
      lastEventId: newestId(shown.current),
      seen: shown.current.map((c) => c.commentId),
      onComment: (c) => setArrived((list) => [c, ...list]),
      onRemoved: (id) => setRemoved((ids) => new Set(ids).add(id)),
      onStatus: setStatus,
    })
  }, [liveId])
  const disconnect = useCallback(() => {
    feed.current?.close()
    feed.current = null
  }, [])

  useEffect(() => {
    if (!loaded) return undefined
    connect()
    return disconnect
  }, [loaded, connect, disconnect])
  useDidHide(disconnect)
  useDidShow(() => {
    if (loaded) connect()
  })

  /** A comment posted here: shown at once (the feed's copy of it is then dropped as a repeat). */
  const add = useCallback((c: CommentRowFragment) => setArrived((list) => [c, ...list]), [])
  return { comments, status, add }
}
