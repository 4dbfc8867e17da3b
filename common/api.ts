/**
 * What the REST calls of services/api.ts answer: the `data` of the server's envelope
 * (server/README.md, "REST answers"), derived from the zod schemas of common/apiSchema.ts, which
 * the server's routes declare as their response schemas: one source, checked where each answer is
 * written. GraphQL answers are generated from the schema. Import this module for types only
 * (`import type`): its imports are type-only, so zod stays out of the app's packages.
 */
import type { z } from 'zod'
import type * as schema from '@alfa/common/apiSchema'

/** The schema's RiskLevel values. */
export type RiskLevel = z.infer<typeof schema.riskLevel>

/** A fund as the REST calls list it: the funds table's row, flat (trade rules and manager id inline). */
export type RestFund = z.infer<typeof schema.restFund>

/** A fund manager as GET /fund/info/{code} carries it. */
export type RestManager = z.infer<typeof schema.restManager>

/** Adds picks or removes them (POST /user-fund-picks/batch). */
export type PickOp = z.infer<typeof schema.pickOp>

/** A picked fund's place in the user's order. */
export type PickSeq = z.infer<typeof schema.pickSeq>

/** GET /user-fund-picks/popular. */
export type PopularPicksAnswer = z.infer<typeof schema.popularPicksAnswer>

/** POST /user-fund-picks/batch: what was done and the picks afterwards. */
export type BatchPicksAnswer = z.infer<typeof schema.batchPicksAnswer>

/** GET /user-fund-picks/list. */
export type PickListAnswer = z.infer<typeof schema.pickListAnswer>

/** GET /user-fund-picks/detail: the picked funds in order. */
export type PickDetailAnswer = z.infer<typeof schema.pickDetailAnswer>

/** GET /user-fund-picks/detail?fundCode=: whether that fund is picked. */
export type PickDetailOfFundAnswer = z.infer<typeof schema.pickDetailOfFundAnswer>

/** POST /user-fund-picks/manage-seq: the picks in their new order. */
export type ManagePickSeqAnswer = z.infer<typeof schema.managePickSeqAnswer>

/** POST /user/sms/send: the next code may be asked for after this many seconds. */
export type SmsSendAnswer = z.infer<typeof schema.smsSendAnswer>

/** A new session (Baidu phone, SMS and WeChat log-in). */
export type SessionAnswer = z.infer<typeof schema.sessionAnswer>

/** POST /user/logout. */
export type LogoutAnswer = z.infer<typeof schema.logoutAnswer>

/** GET /asset/detail: the user's holdings at the latest NAV. */
export type AssetDetailAnswer = z.infer<typeof schema.assetDetailAnswer>

/** GET /user/info/detail. */
export type UserInfoDetailAnswer = z.infer<typeof schema.userInfoDetailAnswer>

/** GET /user/ab-test: experiment name → group. */
export type AbTestAnswer = z.infer<typeof schema.abTestAnswer>

/** An ad slot's entry (the schema's Ad). */
export type RestAd = z.infer<typeof schema.restAd>

/** A hand-picked fund of the mini-program home. */
export type HandPickedFund = z.infer<typeof schema.handPickedFund>

/** GET /m4 on the second API: the mini-program home. */
export type M4Answer = z.infer<typeof schema.m4Answer>

/** GET /m4/hand-picked on the second API. */
export type M4HandPickedAnswer = z.infer<typeof schema.m4HandPickedAnswer>

/** What /utils/wechat-req answers for WeChat's share set-up. */
export type WechatShareConfig = z.infer<typeof schema.wechatShareConfig>

/** GET /fund/info/{code}: the fund and its manager (a terminated fund answers 410 instead). */
export type FundInfoAnswer = z.infer<typeof schema.fundInfoAnswer>

/** The `data` of GET /fund/info/{code}'s terminated-fund answer. */
export type FundTerminatedData = z.infer<typeof schema.fundTerminatedData>

/** A live comment, as viewers receive it. */
export type LiveComment = z.infer<typeof schema.liveComment>

/** GET /live/{liveId}/comments: a page of comments, newest first. */
export type LiveCommentsAnswer = z.infer<typeof schema.liveCommentsAnswer>

/** POST /track and GET /share-sdk/report. */
export type TrackAnswer = z.infer<typeof schema.trackAnswer>

/** Where a start reminder is sent: the WeChat or the Baidu mini-program's subscription messages. */
export type ReminderPlatform = z.infer<typeof schema.reminderPlatform>

/** GET and POST /nav-alerts/messages: the NAV-alert template of a platform and the authorisations left. */
export type AlertMessagesAnswer = z.infer<typeof schema.alertMessagesAnswer>

/** GET /live/{liveId}/reminder: the stream, whether the user has its start reminder, and the templates to subscribe with. */
export type LiveReminderAnswer = z.infer<typeof schema.liveReminderAnswer>
