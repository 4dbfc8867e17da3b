import Taro from '@tarojs/taro'
import { verifySign } from '@alfa/common/sign'
import { LiveFeed, laterId, retryDelay, RETRY_MAX_MS, type FeedDeps, type FeedStatus } from '@/services/liveFeed'
import { parseFeedEvent, type FeedComment, type FeedHandlers, type FeedTransport } from '@/services/liveFeedEvents'
import { defaultFeedTransport as eventSourceTransport, streamUrl } from '@/services/liveFeedTransport.h5'

// The mini-program variant (jest, like the H5 build, resolves the plain name to the .h5 file).
const { defaultFeedTransport: socketTransport, socketUrl } = jest.requireActual<{
  defaultFeedTransport: FeedTransport
  socketUrl: (liveId: string, lastEventId: string | null) => string
}>('../../src/services/liveFeedTransport.ts')

const comment = (commentId: string, liveId = 'L1'): FeedComment => ({
  commentId,
  liveId,
  nickname: '用户1234',
  content: `评论${commentId}`,
  createdAt: '2026-09-30T11:30:00.000Z',
})

/** A fake transport: each connection asked is kept with its target and handlers, open until dropped. */
function fakeNetwork() {
  const connections: Array<{ lastEventId: string | null; handlers: FeedHandlers; closed: boolean }> = []
  const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = []
  const deps: FeedDeps = {
    transport: ({ lastEventId }, handlers) => {
      const c = { lastEventId, handlers, closed: false }
      connections.push(c)
      return { close: () => void (c.closed = true) }
    },
    setTimer: (run, ms) => {
      const timer = { run, ms, cancelled: false }
      timers.push(timer)
      return timer
    },
    clearTimer: (timer) => void ((timer as { cancelled: boolean }).cancelled = true),
    random: () => 0.5,
  }
  const last = () => connections[connections.length - 1]
  /** Runs the pending reconnection timer (the wait has passed). */
  const wait = () => {
    const timer = timers.filter((t) => !t.cancelled).pop()
    if (!timer) throw new Error('no reconnection scheduled')
    timer.cancelled = true
    timer.run()
  }
  return { deps, connections, timers, last, wait }
}

function feedOn(net: ReturnType<typeof fakeNetwork>, lastEventId: string | null = '10', seen: string[] = ['9', '10']) {
  const shown: string[] = []
  const removed: string[] = []
  const statuses: FeedStatus[] = []
  const feed = new LiveFeed(
    {
      liveId: 'L1',
      lastEventId,
      seen,
      onComment: (c) => shown.push(c.commentId),
      onRemoved: (id) => removed.push(id),
      onStatus: (s) => statuses.push(s),
    },
    net.deps,
  ).start()
  return { feed, shown, removed, statuses }
}

describe('the live comment feed', () => {
  it('delivers each comment once, in the order it arrives, and drops the ones the screen shows or another stream’s', () => {
    const net = fakeNetwork()
    const { shown, feed } = feedOn(net)
    const { handlers } = net.last()
    handlers.onOpen()
    for (const id of ['10', '11', '12', '11', '13', '12']) handlers.onEvent({ type: 'comment', comment: comment(id) })
    handlers.onEvent({ type: 'comment', comment: comment('14', 'OTHER') })
    expect(shown).toEqual(['11', '12', '13'])
    expect(feed.lastEventId).toBe('13')
  })

  it('resumes after a drop from the last comment it saw, and a replay repeats nothing', () => {
    const net = fakeNetwork()
    const { shown, feed } = feedOn(net)
    expect(net.connections[0].lastEventId).toBe('10')
    net.last().handlers.onOpen()
    net.last().handlers.onEvent({ type: 'comment', comment: comment('11') })
    net.last().handlers.onEvent({ type: 'comment', comment: comment('12') })
    net.last().handlers.onDrop('server restarted')
    expect(net.connections[0].closed).toBe(true)
    net.wait()
    expect(net.connections).toHaveLength(2)
    expect(net.connections[1].lastEventId).toBe('12')
    // The server replays after 12; an overlap (12) and a repeat of the replay are dropped.
    for (const id of ['12', '13', '14', '13']) net.last().handlers.onEvent({ type: 'comment', comment: comment(id) })
    expect(shown).toEqual(['11', '12', '13', '14'])
    expect(feed.lastEventId).toBe('14')
  })

  it('keeps the highest id as the resume point when comments arrive out of order', () => {
    const net = fakeNetwork()
    const { shown, feed } = feedOn(net, '0', [])
    for (const id of ['100', '99', '101', '1000', '999']) net.last().handlers.onEvent({ type: 'comment', comment: comment(id) })
    expect(shown).toEqual(['100', '99', '101', '1000', '999'])
    expect(feed.lastEventId).toBe('1000')
    expect(laterId('1000', '999')).toBe(true)
    expect(laterId('99', '100')).toBe(false)
  })

  it('waits longer after each failed attempt (1 s doubling to 15 s) and starts over once connected', () => {
    const net = fakeNetwork()
    const { statuses } = feedOn(net)
    for (let i = 0; i < 6; i++) {
      net.last().handlers.onDrop('refused')
      net.wait()
    }
    expect(net.timers.map((t) => t.ms)).toEqual([1000, 2000, 4000, 8000, 15000, 15000])
    net.last().handlers.onOpen()
    net.last().handlers.onDrop('lifetime')
    expect(net.timers[net.timers.length - 1].ms).toBe(1000)
    expect(statuses.slice(0, 3)).toEqual(['connecting', 'retrying', 'retrying'])
    expect(statuses).toContain('live')
  })

  it('spreads the waits by ±20% and never waits past the cap', () => {
    expect(retryDelay(1, () => 0)).toBe(800)
    expect(retryDelay(1, () => 0.999999)).toBe(1200)
    expect(retryDelay(30, () => 0.5)).toBe(RETRY_MAX_MS)
  })

  it('ignores a dropped connection’s late events and a second drop, and stops for good when closed', () => {
    const net = fakeNetwork()
    const { shown, feed, removed } = feedOn(net)
    const first = net.last().handlers
    first.onDrop('error')
    first.onDrop('close')
    first.onEvent({ type: 'comment', comment: comment('11') })
    first.onEvent({ type: 'removed', commentId: '9' })
    expect(net.timers.filter((t) => !t.cancelled)).toHaveLength(1)
    expect(shown).toEqual([])
    expect(removed).toEqual([])
    feed.close()
    expect(net.timers.every((t) => t.cancelled)).toBe(true)
    net.timers[0].run()
    expect(net.connections).toHaveLength(1)
  })

  it('passes removals on', () => {
    const net = fakeNetwork()
    const { removed } = feedOn(net)
    net.last().handlers.onEvent({ type: 'removed', commentId: '9' })
    expect(removed).toEqual(['9'])
  })

  it('reads only well-formed events', () => {
    expect(parseFeedEvent('{"type":"ready","liveId":"L1"}')).toEqual({ type: 'ready' })
    expect(parseFeedEvent({ type: 'removed', commentId: '7' })).toEqual({ type: 'removed', commentId: '7' })
    expect(parseFeedEvent(JSON.stringify({ type: 'comment', comment: comment('5') }))).toEqual({ type: 'comment', comment: comment('5') })
    for (const bad of [
      'not json',
      '{"type":"comment"}',
      { type: 'comment', comment: { commentId: 'x1', liveId: 'L1', content: '' } },
      null,
      42,
    ])
      expect(parseFeedEvent(bad)).toBeNull()
  })
})

describe('the H5 transport (EventSource)', () => {
  class FakeEventSource {
    static last: FakeEventSource
    listeners: Record<string, (e: { data: string }) => void> = {}
    onopen: (() => void) | null = null
    onerror: (() => void) | null = null
    closed = false
    constructor(readonly url: string) {
      FakeEventSource.last = this
    }
    addEventListener(type: string, fn: (e: { data: string }) => void) {
      this.listeners[type] = fn
    }
    close() {
      this.closed = true
    }
  }
  beforeAll(() => {
    ;(globalThis as { EventSource?: unknown }).EventSource = FakeEventSource
  })

  it('signs in the query (EventSource sets no headers) and asks for what came after the last id', () => {
    const url = new URL(streamUrl('LIVE 1', '42'), 'http://h5.example')
    expect(url.pathname).toBe('/alfa/v1/live/LIVE%201/stream')
    expect(url.searchParams.get('lastEventId')).toBe('42')
    expect(verifySign(url.searchParams.get('x-sign') ?? undefined).ok).toBe(true)
    expect(['0008', '0009']).toContain(url.searchParams.get('x-broker'))
    expect(new URL(streamUrl('L', null), 'http://h5.example').searchParams.has('lastEventId')).toBe(false)
  })

  it('hands on comment and removed events, and an error closes the source (no native retry) as one drop', () => {
    const events: unknown[] = []
    const drops: string[] = []
    let opened = 0
    eventSourceTransport(
      { liveId: 'L1', lastEventId: '1' },
      { onOpen: () => opened++, onEvent: (e) => events.push(e), onDrop: (r) => drops.push(r) },
    )
    const source = FakeEventSource.last
    source.onopen?.()
    source.listeners.comment({ data: JSON.stringify(comment('2')) })
    source.listeners.removed({ data: JSON.stringify({ liveId: 'L1', commentId: '1' }) })
    source.listeners.comment({ data: 'garbage' })
    expect(opened).toBe(1)
    expect(events).toEqual([
      { type: 'comment', comment: comment('2') },
      { type: 'removed', commentId: '1' },
    ])
    source.onerror?.()
    expect(source.closed).toBe(true)
    expect(drops).toHaveLength(1)
  })
})

describe('the mini-program transport (connectSocket)', () => {
  afterEach(() => jest.restoreAllMocks())

  function fakeSocket() {
    const on: Record<string, (res: unknown) => void> = {}
    const task = {
      onOpen: (fn: () => void) => (on.open = fn),
      onMessage: (fn: (m: unknown) => void) => (on.message = fn),
      onClose: (fn: (r: unknown) => void) => (on.close = fn),
      onError: (fn: (r: unknown) => void) => (on.error = fn),
      close: jest.fn(),
    }
    return { task, on }
  }

  it('connects to the API server’s ws path with the resume id and signed headers, and reads messages', async () => {
    const { task, on } = fakeSocket()
    const connect = jest.spyOn(Taro, 'connectSocket').mockResolvedValue(task as never)
    const events: unknown[] = []
    const drops: string[] = []
    const connection = socketTransport(
      { liveId: 'L1', lastEventId: '7' },
      { onOpen: () => events.push('open'), onEvent: (e) => events.push(e), onDrop: (r) => drops.push(r) },
    )
    await Promise.resolve()
    await Promise.resolve()
    const asked = connect.mock.calls[0][0] as { url: string; header: Record<string, string> }
    expect(asked.url).toBe(socketUrl('L1', '7'))
    expect(asked.url.endsWith('/alfa/v1/live/L1/ws?lastEventId=7')).toBe(true)
    expect(verifySign(asked.header['x-sign']).ok).toBe(true)
    on.open(undefined)
    on.message({ data: JSON.stringify({ type: 'comment', comment: comment('8') }) })
    on.message({ data: '{"type":"removed","commentId":"3"}' })
    expect(events).toEqual(['open', { type: 'comment', comment: comment('8') }, { type: 'removed', commentId: '3' }])
    on.error({ errMsg: 'reset' })
    on.close({ code: 1006 })
    expect(drops).toHaveLength(1)
    connection.close()
    expect(task.close).toHaveBeenCalled()
  })

  it('a failed connectSocket is a drop', async () => {
    jest.spyOn(Taro, 'connectSocket').mockRejectedValue({ errMsg: 'connectSocket:fail' })
    const drops: string[] = []
    socketTransport(
      { liveId: 'L1', lastEventId: null },
      { onOpen: () => undefined, onEvent: () => undefined, onDrop: (r) => drops.push(r) },
    )
    await new Promise((r) => setTimeout(r, 0))
    expect(drops).toEqual(['connectSocket failed connectSocket:fail'])
  })
})
