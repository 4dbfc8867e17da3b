import { makeAutoObservable } from '@/utils/observable'
import { TARGET } from '@/platform/env'
import { sendBeacon } from '@/platform/beacon'
import { currentLocation, replaceAddress, type PageLocation } from '@/platform/web'
import { apiRoot } from '@alfa/common/apiPaths'
import { parseQuery, stringifyQuery } from '@/utils/url'
import { brandOf, brokerOf, partnerCode, type Brand } from './brand'
import { hostStorage } from './storage'
import { user } from './user'

/** Debounces of spec section 9. */
export const PAGE_VIEW_DEBOUNCE_MS = 1000
export const BACK_DEBOUNCE_MS = 500
/** Events wait at most this long, or until a batch is full, before they are sent. */
export const FLUSH_INTERVAL_MS = 2000
export const BATCH_SIZE = 20
/** Url parameters that hand over the tracking ids (removed from the address bar once read). */
export const ANONYMOUS_ID_PARAM = 'anonymous_id'
export const LOGIN_ID_PARAM = 'login_id'
const ANONYMOUS_ID_KEY = 'tracking_anonymous_id'
export const APP_NAME = 'alfa'

/** The analytics server of each brand; by default the API server's own ingest endpoint. */
export const DEFAULT_TRACKING_ENDPOINTS: Record<Brand, string> = {
  main: `${apiRoot()}/track`,
  diagnosis: `${apiRoot()}/track?brand=0009`,
}

export interface TrackedEvent {
  event: string
  time: number
  anonymous_id: string
  login_id: string | null
  /** The login id once known, else the anonymous id. */
  distinct_id: string
  properties: Record<string, unknown>
}

export interface TrackerDeps {
  send: (url: string, body: string) => Promise<boolean>
  endpoint: () => string
  pageProperties: () => Record<string, unknown>
  now: () => number
  loadAnonymousId: () => string | null
  saveAnonymousId: (id: string) => void
}

function randomId(): string {
  const part = () => Math.random().toString(36).slice(2, 10)
  return `${Date.now().toString(36)}-${part()}${part()}`
}

/** Page properties of every event: broker, platform_type, is_login (spec section 3). */
export function defaultPageProperties(): Record<string, unknown> {
  const partner = partnerCode()
  return { broker: brokerOf(), platform_type: TARGET, is_login: user.isLogin, ...(partner ? { partner_code: partner } : {}) }
}

let endpoints: Record<Brand, string> = DEFAULT_TRACKING_ENDPOINTS

/** Points tracking at other analytics servers (deployment configuration). */
export function configureTrackingEndpoints(next: Partial<Record<Brand, string>>): void {
  endpoints = { ...endpoints, ...next }
}

export function defaultTrackerDeps(): TrackerDeps {
  return {
    send: sendBeacon,
    endpoint: () => endpoints[brandOf()],
    pageProperties: defaultPageProperties,
    now: Date.now,
    loadAnonymousId: () => {
      const id = hostStorage.get(ANONYMOUS_ID_KEY)
      return typeof id === 'string' && id ? id : null
    },
    saveAnonymousId: (id) => hostStorage.set(ANONYMOUS_ID_KEY, id),
  }
}

/** Batched analytics: events queue up and leave together by beacon. */
export class Tracker {
  anonymousId: string
  loginId: string | null = null
  private queue: TrackedEvent[] = []
  private flushTimer: ReturnType<typeof setTimeout> | null = null
  private pageViewTimer: ReturnType<typeof setTimeout> | null = null
  private backTimer: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly deps: TrackerDeps = defaultTrackerDeps()) {
    const stored = deps.loadAnonymousId()
    this.anonymousId = stored ?? randomId()
    if (!stored) deps.saveAnonymousId(this.anonymousId)
    makeAutoObservable<Tracker, 'deps' | 'queue' | 'flushTimer' | 'pageViewTimer' | 'backTimer'>(this, [
      'deps',
      'queue',
      'flushTimer',
      'pageViewTimer',
      'backTimer',
    ])
  }

  setAnonymousId(id: string) {
    this.anonymousId = id
    this.deps.saveAnonymousId(id)
  }

  setLoginId(id: string | null) {
    this.loginId = id
  }

  /** Queues an event; a full batch leaves at once, otherwise within FLUSH_INTERVAL_MS. */
  track(event: string, properties: Record<string, unknown> = {}) {
    this.queue.push({
      event,
      time: this.deps.now(),
      anonymous_id: this.anonymousId,
      login_id: this.loginId,
      distinct_id: this.loginId ?? this.anonymousId,
      properties: { ...this.deps.pageProperties(), ...properties },
    })
    // A beacon's answer is not waited for: sendBeacon resolves false rather than rejecting.
    if (this.queue.length >= BATCH_SIZE) void this.flush()
    else if (!this.flushTimer) this.flushTimer = setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS)
  }

  /** Sends everything queued as one batch. */
  flush(): Promise<boolean> {
    if (this.flushTimer) clearTimeout(this.flushTimer)
    this.flushTimer = null
    if (this.queue.length === 0) return Promise.resolve(true)
    const batch = this.queue
    this.queue = []
    return this.deps.send(this.deps.endpoint(), JSON.stringify({ events: batch }))
  }

  /** A page view; several within 1000 ms count once (the last). */
  pageView(properties: Record<string, unknown> = {}) {
    if (this.pageViewTimer) clearTimeout(this.pageViewTimer)
    this.pageViewTimer = setTimeout(() => {
      this.pageViewTimer = null
      this.track('$pageview', properties)
    }, PAGE_VIEW_DEBOUNCE_MS)
  }

  /** A back tap; several within 500 ms count once. */
  back(properties: Record<string, unknown> = {}) {
    if (this.backTimer) clearTimeout(this.backTimer)
    this.backTimer = setTimeout(() => {
      this.backTimer = null
      this.track('back', properties)
    }, BACK_DEBOUNCE_MS)
  }

  /** page_performance with fcp_time, app_name and $url_path (spec section 7). */
  pagePerformance(fcpTime: number, urlPath: string) {
    this.track('page_performance', { fcp_time: Math.round(fcpTime), app_name: APP_NAME, $url_path: urlPath })
  }

  /**
   * Applies the anonymous id and login id passed in the url, then removes them from the address
   * bar so that a shared link does not carry them (spec section 4).
   */
  applyUrlIds(location: PageLocation | null = currentLocation(), replace: (url: string) => void = replaceAddress): boolean {
    if (!location) return false
    const query = parseQuery(location.search)
    const anonymousId = query[ANONYMOUS_ID_PARAM]
    const loginId = query[LOGIN_ID_PARAM]
    if (anonymousId === undefined && loginId === undefined) return false
    if (anonymousId) this.setAnonymousId(anonymousId)
    if (loginId) this.setLoginId(loginId)
    delete query[ANONYMOUS_ID_PARAM]
    delete query[LOGIN_ID_PARAM]
    const search = stringifyQuery(query)
    replace(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`)
    return true
  }
}

export const tracker = new Tracker()
