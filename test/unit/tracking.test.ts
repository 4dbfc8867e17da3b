import {
  Tracker,
  BATCH_SIZE,
  FLUSH_INTERVAL_MS,
  defaultPageProperties,
  DEFAULT_TRACKING_ENDPOINTS,
  type TrackerDeps,
} from '@/services/tracking'
import { user } from '@/services/user'
import { liveToken } from '../support/services'

function makeTracker(overrides: Partial<TrackerDeps> = {}) {
  const sent: {
    url: string
    events: { event: string; properties: Record<string, unknown>; anonymous_id: string; login_id: string | null }[]
  }[] = []
  const deps: TrackerDeps = {
    send: async (url, body) => {
      sent.push({ url, ...JSON.parse(body) })
      return true
    },
    endpoint: () => '/alfa/v1/tracking/events',
    pageProperties: () => ({ broker: '0008', platform_type: 'h5', is_login: false }),
    now: () => 1,
    loadAnonymousId: () => 'anon-1',
    saveAnonymousId: () => undefined,
    ...overrides,
  }
  return { tracker: new Tracker(deps), sent }
}

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe('tracking data is sent in batches by beacon', () => {
  it('events within the interval leave together', () => {
    const { tracker, sent } = makeTracker()
    tracker.track('a')
    tracker.track('b')
    expect(sent).toHaveLength(0)
    jest.advanceTimersByTime(FLUSH_INTERVAL_MS)
    expect(sent).toHaveLength(1)
    expect(sent[0].events.map((e) => e.event)).toEqual(['a', 'b'])
    expect(sent[0].url).toBe('/alfa/v1/tracking/events')
  })
  it('a full batch leaves at once', () => {
    const { tracker, sent } = makeTracker()
    for (let i = 0; i < BATCH_SIZE; i += 1) tracker.track(`e${i}`)
    expect(sent).toHaveLength(1)
    expect(sent[0].events).toHaveLength(BATCH_SIZE)
  })
})

describe('two analytics servers, chosen by brand', () => {
  it('defaults to the API server ingest endpoint of each brand', () => {
    expect(DEFAULT_TRACKING_ENDPOINTS.main).not.toBe(DEFAULT_TRACKING_ENDPOINTS.diagnosis)
    expect(DEFAULT_TRACKING_ENDPOINTS.main.startsWith('/alfa/v1/')).toBe(true)
  })
})

describe('analytics page view is debounced 1000 ms', () => {
  it('several page views within 1000 ms count once', () => {
    const { tracker, sent } = makeTracker()
    tracker.pageView({ page: 'a' })
    jest.advanceTimersByTime(999)
    tracker.pageView({ page: 'b' })
    jest.advanceTimersByTime(999)
    void tracker.flush()
    expect(sent).toHaveLength(0)
    jest.advanceTimersByTime(1)
    void tracker.flush()
    expect(sent.flatMap((s) => s.events.map((e) => [e.event, e.properties.page]))).toEqual([['$pageview', 'b']])
  })
})

describe('back event is debounced 500 ms', () => {
  it('several backs within 500 ms count once', () => {
    const { tracker, sent } = makeTracker()
    tracker.back()
    jest.advanceTimersByTime(499)
    tracker.back()
    jest.advanceTimersByTime(500)
    void tracker.flush()
    expect(sent.flatMap((s) => s.events.map((e) => e.event))).toEqual(['back'])
  })
})

describe('page_performance carries fcp_time, app_name and $url_path', () => {
  it('sends the three fields', () => {
    const { tracker, sent } = makeTracker()
    tracker.pagePerformance(812.4, '/alfa/portfolio/ZH000001/detail')
    void tracker.flush()
    expect(sent[0].events[0]).toMatchObject({
      event: 'page_performance',
      properties: { fcp_time: 812, app_name: 'alfa', $url_path: '/alfa/portfolio/ZH000001/detail' },
    })
  })
})

describe('tracking page properties: broker, platform_type, is_login (true after login)', () => {
  it('every event carries them', () => {
    const { tracker, sent } = makeTracker()
    tracker.track('x', { extra: 1 })
    void tracker.flush()
    expect(sent[0].events[0].properties).toEqual({ broker: '0008', platform_type: 'h5', is_login: false, extra: 1 })
  })
  it('is_login follows the user store', () => {
    user.logout()
    expect(defaultPageProperties()).toEqual({ broker: '0008', platform_type: 'h5', is_login: false })
    user.login(liveToken())
    expect(defaultPageProperties().is_login).toBe(true)
    user.logout()
  })
})

describe('anonymous id and login id passed in url parameters are applied and then removed from the address bar', () => {
  it('applies both and keeps the other parameters and the hash', () => {
    const saved: string[] = []
    const { tracker, sent } = makeTracker({ saveAnonymousId: (id) => void saved.push(id) })
    const replace = jest.fn()
    const applied = tracker.applyUrlIds(
      { href: '', hostname: 'localhost', pathname: '/alfa/fund/000001', search: '?anonymous_id=A1&tabIndex=2&login_id=L1', hash: '#top' },
      replace,
    )
    expect(applied).toBe(true)
    expect([tracker.anonymousId, tracker.loginId]).toEqual(['A1', 'L1'])
    expect(saved).toEqual(['A1'])
    expect(replace).toHaveBeenCalledWith('/alfa/fund/000001?tabIndex=2#top')
    tracker.track('x')
    void tracker.flush()
    expect(sent[0].events[0]).toMatchObject({ anonymous_id: 'A1', login_id: 'L1', distinct_id: 'L1' })
  })
  it('leaves the address alone without them', () => {
    const { tracker } = makeTracker()
    const replace = jest.fn()
    expect(tracker.applyUrlIds({ href: '', hostname: 'localhost', pathname: '/a', search: '?x=1', hash: '' }, replace)).toBe(false)
    expect(replace).not.toHaveBeenCalled()
  })
  it('really rewrites the address bar in the browser', () => {
    window.history.replaceState(null, '', '/pages/home/index?anonymous_id=Z9&x=1')
    const { tracker } = makeTracker()
    tracker.applyUrlIds()
    expect(tracker.anonymousId).toBe('Z9')
    expect(window.location.pathname + window.location.search).toBe('/pages/home/index?x=1')
  })
  it('keeps a generated anonymous id across page loads', () => {
    const store = new Map<string, string>()
    const deps = { loadAnonymousId: () => store.get('id') ?? null, saveAnonymousId: (id: string) => void store.set('id', id) }
    const first = makeTracker(deps).tracker.anonymousId
    expect(makeTracker(deps).tracker.anonymousId).toBe(first)
  })
})
