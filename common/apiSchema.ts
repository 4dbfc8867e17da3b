/**
 * What the REST calls answer, as zod schemas: the `data` of the server's envelope (server/README.md,
 * "REST answers"). The server declares them as its routes' response schemas, so every answer is
 * checked against them where it is written (and only their fields are sent); common/api.ts derives
 * the types the app trusts from them. The app imports api.ts for types only, so zod stays out of
 * its packages. Decimals are strings, dates YYYY-MM-DD, timestamps ISO strings.
 */
import { z } from 'zod'

/** A NUMERIC value, exact, as a decimal string. */
const decimal = z.string()
/** A calendar date, YYYY-MM-DD. */
const date = z.string()
/** A moment, as an ISO string: the database's Date is sent as JSON.stringify writes it. */
const timestamp = z.union([z.string(), z.date().transform((d) => d.toISOString())])
/** A text column holding one of an enum's values: the server hands over text, the answer is checked to be one of them. */
const textOf = <T extends [string, ...string[]]>(values: T) => z.string().pipe(z.enum(values))

/** The schema's RiskLevel values. */
export const riskLevel = textOf(['High', 'MidHigh', 'Medium', 'MidLow', 'Low'])

/** A fund as the REST calls list it: the funds table's row, flat (trade rules and manager id inline). */
export const restFund = z.object({
  fundCode: z.string(),
  fundName: z.string(),
  nav: decimal.nullable(),
  navDate: date.nullable(),
  dailyReturn: decimal.nullable(),
  categoryCode: z.string(),
  categoryName: z.string().nullable(),
  riskLevel,
  /** The schema's FundOfferingStage (SETUP, ISSUE_RUNNING, …). */
  offeringStage: z.string(),
  setupDate: date,
  isTerminated: z.boolean(),
  terminatedDate: date.nullable(),
  buyFeeRate: decimal,
  lowestBuyAmount: decimal,
  /** Yearly operating fees as rates (0.012 = 1.20 %/yr); null when unknown (issue #25). */
  managementFeeRate: decimal.nullable(),
  custodyFeeRate: decimal.nullable(),
  salesServiceFeeRate: decimal.nullable(),
  intro: z.string().nullable(),
  managerId: z.string().nullable(),
  canBuy: z.boolean(),
  canNotBuyReason: z.string().nullable(),
  /** 基金规模 in 亿元 as of fundSizeDate. */
  fundSize: decimal.nullable(),
  fundSizeDate: date.nullable(),
  isDemo: z.boolean(),
  /** An index code or weights such as 000300*0.6+H11001*0.4. */
  benchmark: z.string().nullable(),
})

/** A fund manager as GET /fund/info/{code} carries it. */
export const restManager = z.object({
  managerId: z.string(),
  managerName: z.string(),
  isVerified: z.boolean(),
  avatarUrl: z.string().nullable(),
  isYingmiExtended: z.boolean(),
  company: z.string().nullable(),
  intro: z.string().nullable(),
  isDemo: z.boolean(),
})

/** Adds picks or removes them (POST /user-fund-picks/batch). */
export const pickOp = z.enum(['add', 'remove'])

/** A picked fund's place in the user's order. */
export const pickSeq = z.object({ fundCode: z.string(), seq: z.number().int() })

/** GET /user-fund-picks/popular. */
export const popularPicksAnswer = z.object({ list: z.array(restFund.extend({ pickCount: z.number().int() })) })

/** POST /user-fund-picks/batch: what was done and the picks afterwards. */
export const batchPicksAnswer = z.object({ op: pickOp, fundCodes: z.array(z.string()), list: z.array(pickSeq) })

/** GET /user-fund-picks/list. */
export const pickListAnswer = z.object({ list: z.array(pickSeq), totalCount: z.number().int() })

/** GET /user-fund-picks/detail: the picked funds in order. */
export const pickDetailAnswer = z.object({ list: z.array(restFund.extend({ seq: z.number().int() })), totalCount: z.number().int() })

/** GET /user-fund-picks/detail?fundCode=: whether that fund is picked. */
export const pickDetailOfFundAnswer = z.object({ fundCode: z.string(), picked: z.boolean(), seq: z.number().int().nullable() })

/** POST /user-fund-picks/manage-seq: the picks in their new order. */
export const managePickSeqAnswer = z.object({ list: z.array(pickSeq) })

/** POST /user/sms/send: the next code may be asked for after this many seconds. */
export const smsSendAnswer = z.object({ sent: z.boolean(), resendAfterSeconds: z.number().int() })

/** A new session (Baidu phone, SMS and WeChat log-in). */
export const sessionAnswer = z.object({
  token: z.string(),
  /** Expiry, in seconds since the epoch. */
  exp: z.number().int(),
  user: z.object({
    userId: z.string(),
    nickname: z.string(),
    /** Masked: 138****8000. */
    phone: z.string().nullable(),
  }),
})

/** POST /user/logout. */
export const logoutAnswer = z.object({ loggedOut: z.literal(true) })

/** GET /asset/detail: the user's holdings at the latest NAV. */
export const assetDetailAnswer = z.object({
  totalAsset: decimal,
  list: z.array(
    z.object({
      poCode: z.string(),
      poName: z.string(),
      caId: z.string(),
      units: decimal,
      signed: z.boolean(),
      nav: decimal.nullable(),
      navDate: date.nullable(),
      marketValue: decimal.nullable(),
    }),
  ),
})

/** GET /user/info/detail. */
export const userInfoDetailAnswer = z.object({
  userId: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  /** Masked: 138****8000. */
  phone: z.string().nullable(),
  createdAt: timestamp,
  isLogin: z.literal(true),
})

/** GET /user/ab-test: experiment name → group. */
export const abTestAnswer = z.object({ experiments: z.record(z.enum(['A', 'B'])) })

/** An ad slot's entry (the schema's Ad). */
export const restAd = z.object({
  adId: z.string(),
  imgUrl: z.string(),
  recCode: z.string(),
  displayName: z.string().nullable(),
  trackProperties: z.record(z.unknown()),
  url: z.string().nullable(),
})

/** A hand-picked fund of the mini-program home. */
export const handPickedFund = restFund.extend({ reason: z.string().nullable(), seq: z.number().int() })

/** A portfolio's showcase figure (the schema's Showcase); a stored figure without a colour is sent with null. */
const showcase = z.object({
  key: z.string(),
  displayName: z.string(),
  valueText: z.string(),
  fontColor: textOf(['Error', 'Negative', 'Positive', 'Primary', 'Warning']).nullable().default(null),
})

/** A config element may lack a field: it is sent as null. */
const text = z.string().nullable().default(null)

/** An element of a widget config (picture, link, main text, tracking), spec section 3. */
export const widgetElement = z.object({ picture: text, link: text, main: text, trackProperties: z.unknown() })

/** An element of a fragment config (image, link, content), spec section 3. */
export const fragmentElement = z.object({ image: text, link: text, content: text })

/**
 * GET /m4 on the second API: the mini-program home's first screen in one answer. The same parts
 * as the GraphQL home document (src/features/home/HomeScreen.graphql) under the same names, where
 * the GraphQL answer nests them: shortcuts, notice and config are their configs' elements,
 * liveEnabled is keyValue(enableLive) not being 'false', columns carry their newest article.
 */
export const m4Answer = z.object({
  /** Ads of recCode HOME_BANNER. */
  banners: z.array(restAd),
  /** Ads of recCode HOME_AD (in the feed). */
  ads: z.array(restAd),
  /** The widget home_entries. */
  shortcuts: z.array(widgetElement),
  /** The fragment home_notice. */
  notice: z.array(fragmentElement),
  /** The config home. */
  config: z.array(z.object({ key: z.string(), value: text })),
  liveEnabled: z.boolean(),
  marketIndices: z.array(
    z.object({
      indexCode: z.string(),
      indexName: z.string(),
      latest: decimal,
      /** A ratio of the previous close, 6 places. */
      changePercent: decimal,
      date,
      isDemo: z.boolean(),
    }),
  ),
  /** The first strategies of the brand (as portfolios(page: {size: 6})). */
  portfolios: z.array(
    z.object({
      poCode: z.string(),
      poName: z.string(),
      subTitle: z.string().nullable(),
      riskLevel,
      seriesType: textOf(['LONG_WIN', 'LONG_WIN_S']).nullable(),
      performanceShowcase: z.array(showcase),
    }),
  ),
  /** The first three hand-picked funds. */
  handPicked: z.array(handPickedFund),
  liveStreams: z.array(
    z.object({ liveId: z.string(), title: z.string(), coverUrl: z.string().nullable(), status: z.string(), startsAt: timestamp }),
  ),
  /** Every column with its newest article (none for an empty column). */
  columns: z.array(
    z.object({
      columnId: z.string(),
      title: z.string(),
      articles: z.array(z.object({ articleId: z.string(), title: z.string(), coverThumbnailUrl: z.string().nullable() })),
    }),
  ),
})

/** GET /m4/hand-picked on the second API. */
export const m4HandPickedAnswer = z.object({ list: z.array(handPickedFund) })

/** What /utils/wechat-req answers for WeChat's share set-up. */
export const wechatShareConfig = z.object({
  appId: z.string(),
  /** Seconds since the epoch, as a string. */
  timestamp: z.string(),
  nonceStr: z.string(),
  signature: z.string(),
})

/** GET /fund/info/{code}: the fund and its manager (a terminated fund answers 410 instead). */
export const fundInfoAnswer = restFund.extend({ manager: restManager.nullable() })

/** The `data` of GET /fund/info/{code}'s terminated-fund answer (FUND_TERMINATED_STATUS, common/fundStatus.ts). */
export const fundTerminatedData = z.object({ fundCode: z.string(), terminatedDate: date.nullable() })

/** A live comment, as viewers receive it (the REST list, the post's answer, the stream and the socket). */
export const liveComment = z.object({
  commentId: z.string(),
  liveId: z.string(),
  nickname: z.string(),
  content: z.string(),
  createdAt: timestamp,
})

/** GET /live/{liveId}/comments: a page of comments, newest first. */
export const liveCommentsAnswer = z.object({
  list: z.array(liveComment),
  totalCount: z.number().int(),
  pageInfo: z.object({ hasMore: z.boolean(), cursor: z.string().nullable() }),
})

/** Where a start reminder is sent: the WeChat or the Baidu mini-program's subscription messages. */
export const reminderPlatform = z.enum(['weapp', 'swan'])

/** GET /live/{liveId}/reminder: the stream, whether the user has its start reminder, and the templates to subscribe with (null: not offered there). */
export const liveReminderAnswer = z.object({
  liveId: z.string(),
  title: z.string(),
  presenter: z.string().nullable(),
  /** UPCOMING (预告), LIVE (直播中) or REPLAY (回放). */
  status: z.string(),
  startsAt: timestamp,
  subscribed: z.boolean(),
  templates: z.object({ weapp: z.string().nullable(), swan: z.string().nullable() }),
})

/** POST and DELETE /live/{liveId}/reminder: whether the user now has the start reminder. */
export const reminderState = z.object({ subscribed: z.boolean() })

/** GET and POST /nav-alerts/messages (issue #25): the platform's NAV-alert template (null: 消息 only) and the authorisations left. */
export const alertMessagesAnswer = z.object({ templateId: z.string().nullable(), remaining: z.number().int() })

/** POST /operator/live/{liveId}/open and /close: the stream's new status. */
export const operatorMoveAnswer = z.object({ liveId: z.string(), status: z.enum(['UPCOMING', 'LIVE', 'REPLAY']) })

/** DELETE /operator/live/comments/{commentId}. */
export const operatorRemoveAnswer = z.object({ commentId: z.string(), removed: z.literal(true) })

/** POST /track and GET /share-sdk/report: how many events were stored. */
export const trackAnswer = z.object({ accepted: z.number().int() })
