/**
 * What the REST calls of services/api.ts answer: the `data` of the server's envelope
 * (server/README.md, "REST answers"). GraphQL answers are generated from the schema; these are the contract of both halves (the server types its rows with them), and are
 * written here because REST has no schema to generate from. Decimals arrive as strings, dates as
 * YYYY-MM-DD and timestamps as ISO strings.
 */

/** The schema's RiskLevel values. */
export type RiskLevel = 'High' | 'MidHigh' | 'Medium' | 'MidLow' | 'Low'

/** A fund as the REST calls list it: the funds table's row, flat (trade rules and manager id inline). */
export interface RestFund {
  fundCode: string
  fundName: string
  nav: string | null
  navDate: string | null
  dailyReturn: string | null
  categoryCode: string
  categoryName: string | null
  riskLevel: RiskLevel
  /** The schema's FundOfferingStage (SETUP, ISSUE_RUNNING, …). */
  offeringStage: string
  setupDate: string
  isTerminated: boolean
  terminatedDate: string | null
  buyFeeRate: string
  lowestBuyAmount: string
  intro: string | null
  managerId: string | null
  canBuy: boolean
  canNotBuyReason: string | null
  /** 基金规模 in 亿元 as of fundSizeDate. */
  fundSize: string | null
  fundSizeDate: string | null
  isDemo: boolean
  /** An index code or weights such as 000300*0.6+H11001*0.4. */
  benchmark: string | null
}

/** A fund manager as GET /fund/info/{code} carries it. */
export interface RestManager {
  managerId: string
  managerName: string
  isVerified: boolean
  avatarUrl: string | null
  isYingmiExtended: boolean
  company: string | null
  intro: string | null
  isDemo: boolean
}

/** Adds picks or removes them (POST /user-fund-picks/batch). */
export type PickOp = 'add' | 'remove'

/** A picked fund's place in the user's order. */
export interface PickSeq {
  fundCode: string
  seq: number
}

/** GET /user-fund-picks/popular. */
export interface PopularPicksAnswer {
  list: Array<RestFund & { pickCount: number }>
}

/** POST /user-fund-picks/batch: what was done and the picks afterwards. */
export interface BatchPicksAnswer {
  op: PickOp
  fundCodes: string[]
  list: PickSeq[]
}

/** GET /user-fund-picks/list. */
export interface PickListAnswer {
  list: PickSeq[]
  totalCount: number
}

/** GET /user-fund-picks/detail: the picked funds in order. */
export interface PickDetailAnswer {
  list: Array<RestFund & { seq: number }>
  totalCount: number
}

/** GET /user-fund-picks/detail?fundCode=: whether that fund is picked. */
export interface PickDetailOfFundAnswer {
  fundCode: string
  picked: boolean
  seq: number | null
}

/** POST /user-fund-picks/manage-seq: the picks in their new order. */
export interface ManagePickSeqAnswer {
  list: PickSeq[]
}

/** A new session (Baidu phone, SMS and WeChat log-in). */
export interface SessionAnswer {
  token: string
  /** Expiry, in seconds since the epoch. */
  exp: number
  user: { userId: string; nickname: string; /** Masked: 138****8000. */ phone: string | null }
}

/** GET /asset/detail: the user's holdings at the latest NAV. */
export interface AssetDetailAnswer {
  totalAsset: string
  list: Array<{
    poCode: string
    poName: string
    caId: string
    units: string
    signed: boolean
    nav: string | null
    navDate: string | null
    marketValue: string | null
  }>
}

/** GET /user/info/detail. */
export interface UserInfoDetailAnswer {
  userId: string
  nickname: string
  avatarUrl: string | null
  /** Masked: 138****8000. */
  phone: string | null
  createdAt: string
  isLogin: true
}

/** GET /user/ab-test: experiment name → group. */
export interface AbTestAnswer {
  experiments: Record<string, 'A' | 'B'>
}

/** An ad slot's entry (the schema's Ad). */
export interface RestAd {
  adId: string
  imgUrl: string
  recCode: string
  displayName: string | null
  trackProperties: Record<string, unknown>
  url: string | null
}

/** A hand-picked fund of the mini-program home. */
export type HandPickedFund = RestFund & { reason: string | null; seq: number }

/** An element of a widget config (picture, link, main text, tracking), spec section 3. */
export interface RestWidgetElement {
  picture: string | null
  link: string | null
  main: string | null
  trackProperties: unknown
}

/** An element of a fragment config (image, link, content), spec section 3. */
export interface RestFragmentElement {
  image: string | null
  link: string | null
  content: string | null
}

/** A strategy of the home feed (the schema's Portfolio, its list fields). */
export interface M4Portfolio {
  poCode: string
  poName: string
  subTitle: string | null
  riskLevel: RiskLevel
  seriesType: 'LONG_WIN' | 'LONG_WIN_S' | null
  performanceShowcase: Array<{
    key: string
    displayName: string
    valueText: string
    fontColor: 'Error' | 'Negative' | 'Positive' | 'Primary' | 'Warning' | null
  }>
}

/**
 * GET /m4 on the second API: the mini-program home's first screen in one answer. The same parts
 * as the GraphQL home document (src/features/home/HomeScreen.graphql) under the same names, where
 * the GraphQL answer nests them: shortcuts, notice and config are their configs' elements,
 * liveEnabled is keyValue(enableLive) not being 'false', columns carry their newest article.
 */
export interface M4Answer {
  /** Ads of recCode HOME_BANNER. */
  banners: RestAd[]
  /** Ads of recCode HOME_AD (in the feed). */
  ads: RestAd[]
  /** The widget home_entries. */
  shortcuts: RestWidgetElement[]
  /** The fragment home_notice. */
  notice: RestFragmentElement[]
  /** The config home. */
  config: Array<{ key: string; value: string | null }>
  liveEnabled: boolean
  marketIndices: Array<{
    indexCode: string
    indexName: string
    latest: string
    /** A ratio of the previous close, 6 places. */
    changePercent: string
    date: string
    isDemo: boolean
  }>
  /** The first strategies of the brand (as portfolios(page: {size: 6})). */
  portfolios: M4Portfolio[]
  /** The first three hand-picked funds. */
  handPicked: HandPickedFund[]
  liveStreams: Array<{ liveId: string; title: string; coverUrl: string | null; status: string; startsAt: string }>
  columns: Array<{
    columnId: string
    title: string
    articles: Array<{ articleId: string; title: string; coverThumbnailUrl: string | null }>
  }>
}

/** GET /m4/hand-picked on the second API. */
export interface M4HandPickedAnswer {
  list: HandPickedFund[]
}

/** What /utils/wechat-req answers for WeChat's share set-up. */
export interface WechatShareConfig {
  appId: string
  timestamp: number | string
  nonceStr: string
  signature: string
}

/** GET /fund/info/{code}: the fund and its manager (a terminated fund answers 410 instead). */
export type FundInfoAnswer = RestFund & { manager: RestManager | null }
