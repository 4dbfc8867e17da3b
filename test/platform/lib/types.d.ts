// Shapes the platform checks share, for their JSDoc (`import('./lib/types').Screen`); checked by
// tsconfig.scripts.json (npm run typecheck).

/** A node miniprogram-simulate renders (j-component's Component, the part the checks use). */
export interface SimNode {
  dom: HTMLElement
  querySelector(selector: string): SimNode | undefined
  querySelectorAll(selector: string): SimNode[]
  dispatchEvent(name: string, options?: { detail?: unknown }): void
  attach(parent: Element): void
  detach(): void
}

/** The options of a wx API call, as far as the stubs read them. */
export interface WxCallOptions {
  success?: (res: object) => void
  fail?: (res: object) => void
  complete?: (res: object) => void
}

/** wx.request's options (and `__url`, the forwarder's GET url with the data in the query). */
export interface WxRequestOptions extends WxCallOptions {
  url?: string
  method?: string
  data?: unknown
  header?: Record<string, string>
  dataType?: string
  __url?: string
}

/** What wx.request hands back. */
export interface WxRequestTask {
  abort(): void
  onHeadersReceived(): void
  offHeadersReceived(): void
  onChunkReceived(): void
  offChunkReceived(): void
}

export type WxRequest = (opts?: WxRequestOptions) => WxRequestTask

/** A host API of the stubbed `wx` (any arguments, as the build calls them). */
export type WxApi = (...args: never[]) => unknown

/** A wx navigation the host recorded. */
export interface Navigation {
  api: string
  url: unknown
}

/** A request the forwarder passed to the live server (lib/live-screens.js). */
export interface NetRequest {
  method: string
  path: string
  /** The GraphQL operation ('' for REST). */
  op: string
  done: boolean
  at: number
  status?: number
}

/** A WebSocket lib/socket.js opened for wx.connectSocket. */
export interface NetSocket {
  path: string
  query: Record<string, string>
  open: boolean
  messages: string[]
  closed: boolean
}

/** What the forwarder records, and whether it answers as with no network. */
export interface Net {
  requests: NetRequest[]
  /** The sockets, once lib/socket.js forwards wx.connectSocket. */
  sockets?: NetSocket[]
  problems: string[]
  offline: boolean
  failed: number
}

/** One page opened in the host (lib/weapp-host.js), with helpers bound to it. */
export interface OpenPage {
  page: SimNode
  navigations: Navigation[]
  bodyText(): string
  /** Polls `test` every 20 ms until it returns something truthy; fails after the page's time limit. */
  waitFor<T>(what: string, test: () => T): Promise<NonNullable<T>>
  close(): void
}

/** A page opened by runScreens (lib/live-screens.js), with what the forwarder records. */
export type LivePage = OpenPage & { net: Net }

/** The app of a build running in miniprogram-simulate (lib/weapp-host.js). */
export interface Host {
  open(route: string, query: Record<string, string | number>, timeoutMs: number): OpenPage
  titles: string[]
  navigations: Navigation[]
  storage: Map<string, unknown>
  /** Files loaded with require.async so far (relative to the build). */
  asyncLoaded: string[]
  sleep(ms: number): Promise<void>
}

/** A page's Page() config, as the build's page files pass it. */
export interface PageConfig {
  data?: object
  onInit?(this: PageInstance, query: Record<string, string>): void
  onLoad?(this: PageInstance, query: Record<string, string>): void
  onShow?(this: PageInstance): void
  onReady?(this: PageInstance): void
  onHide?(this: PageInstance): void
  onUnload?(this: PageInstance): void
  [key: string]: unknown
}

/** A page instance as the host keeps it (getCurrentPages()), with its share handlers. */
export interface PageInstance {
  route: string
  __route__: string
  options: Record<string, string>
  data?: Record<string, unknown>
  setData(data: Record<string, unknown>, callback?: () => void): void
  onShareAppMessage?(options: { from: string }): { title?: string; path?: string } | undefined
  onShareTimeline?(): { title?: string; query?: string } | undefined
}

/** The app's App() config. */
export interface AppConfig {
  onLaunch?(this: AppConfig, options: object): void
  onShow?(this: AppConfig, options: object): void
}

/** The globals a mini-program's files call, which the host defines. */
export interface HostGlobals {
  wx: Record<string, WxApi | WxRequest>
  App(config: AppConfig): void
  getApp(): AppConfig | null
  getCurrentPages(): PageInstance[]
  Page(config: PageConfig): void
  Component(options: object): void
  Event: typeof Event
  CustomEvent: typeof CustomEvent
  TouchEvent?: typeof TouchEvent
  [key: string]: unknown
}

/** What a page's share must be (lib/live-screens.js, checkShare). */
export interface Share {
  title: string
  path: string
  query: string
}

/** One screen a simulator check opens (lib/live-screens.js, runScreens). */
export interface Screen {
  name: string
  /** The page of app.json. */
  page: string
  query: Record<string, string | number>
  /** A selector present once the screen has its data. */
  ready: string
  texts: Array<string | number>
  /** Selector → the text it must show exactly (or match). */
  exact?: Record<string, string | number | RegExp>
  /** The native title. */
  title: string
  share?: Share
  /** True for the line chart's host, or another chart's selector. */
  chart?: boolean | string
  /** The screen's one tap; answers its summary. */
  interact?(h: LivePage): Promise<string>
  summary?(h: LivePage): string
}

/** A failure whose message is the whole story (lib/common.js, failure). */
export interface ExpectedFailure extends Error {
  expected?: boolean
}

/** A server script of lib/ started by startJsonServer: its first JSON line and its controls. */
export type JsonServer = Record<string, unknown> & {
  startMs: number
  stop(): void
  output(): string
}
