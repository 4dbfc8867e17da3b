// @ts-check
'use strict'
// Issue #21's live screens of the WeChat build (dist/weapp; with ALFA_SIMULATE_TARGET=swan the
// Baidu build translated to WXML) in miniprogram-simulate against the REAL API server
// (lib/api-server.js, part `live`): the list of streams, a live stream, a comment's detail and the
// start reminder (live message authorization), each rendered with the server's values and one tap.
//
// The live stream's new comments come over a real WebSocket: wx.connectSocket (swan's too) is
// forwarded to the server like wx.request (lib/socket.js), so the page's socket connects to
// /alfa/v1/live/LIVE001/ws with the signed headers and the id of the newest comment it shows; a
// comment this check posts through the API must then arrive over that socket and be shown.
// The reminder's platform APIs are stubbed at their boundary only: wx.requestSubscribeMessage
// answers accept for the template asked (WeChat), the subscription form's submit carries a formId
// (Baidu), and the login code is the QA test code the server exchanges for an openid; the server
// must then have recorded the reminder.
const { requireDist, runCheck, failure } = require('./lib/common')
const { simulatedDist } = require('./lib/swan-to-wxml')
const { text, present, runScreens, withLiveApp } = require('./lib/live-screens')
const { apiHeaders } = require('./lib/socket')

const TARGET = process.env.ALFA_SIMULATE_TARGET === 'swan' ? 'swan' : 'weapp'
const TIMEOUT_MS = 8000
/** The QA test login codes (server/src/config.ts) the server exchanges for an openid. */
const LOGIN_CODE = TARGET === 'swan' ? 'dev-baidu-code' : 'dev-wechat-code'
const LIVE = 'subPkg/pages/live/index'

const masked = (/** @type {string} */ name) => {
  const chars = [...name]
  return chars.length <= 2 ? `${chars[0]}*` : `${chars[0]}${'*'.repeat(Math.min(chars.length - 2, 3))}${chars[chars.length - 1]}`
}

/**
 * @typedef {{ commentId: string; content: string; nickname: string }} Comment
 * @typedef {{
 *   liveStreams: Array<{ liveId: string; title: string; status: string }>
 *   live: { liveId: string; title: string; status: string; presenter: string; comments: { list: Comment[] } }
 *   upcoming: { liveId: string; title: string; status: string; startsAt: string }
 *   templates: { WECHAT_LIVE_TEMPLATE_ID: string; BAIDU_LIVE_TEMPLATE_ID: string }
 * }} LiveExpected lib/api-server.js's part live
 * @typedef {{ subscribeAsked: string[][] }} Stubs what the stubbed platform APIs were asked
 */

/**
 * @param {{ live: LiveExpected }} expected
 * @param {{ origin: string; token: string }} server
 * @param {Stubs} stubs
 * @returns {import('./lib/types').Screen[]}
 */
function screens(expected, server, stubs) {
  const { liveStreams, live, upcoming, templates } = expected.live
  const newest = live.comments.list[0]
  const markup = live.comments.list.find((c) => c.content.includes('<')) || newest
  /**
   * An API call as the demo user; answers its data (JSON), fails on any status but 200.
   * @param {string} path
   * @param {RequestInit} [init]
   * @returns {Promise<any>}
   */
  const api = (path, init = {}) =>
    fetch(`${server.origin}/alfa/v1${path}`, { ...init, headers: apiHeaders(server.token) }).then(async (res) => {
      const body = await res.json()
      if (res.status !== 200) throw failure(`${init.method || 'GET'} ${path} answered ${res.status}: ${JSON.stringify(body)}`)
      return body.data
    })
  return [
    {
      name: 'live streams',
      title: '直播',
      page: LIVE,
      query: {},
      ready: '.alfa-live-card',
      texts: [...liveStreams.map((s) => s.title), '直播中', '预告', '回放'],
      async interact(h) {
        const before = h.navigations.length
        h.page.querySelectorAll('.alfa-live-card')[0].dispatchEvent('tap')
        await h.waitFor('navigation to the first stream', () => h.navigations.length > before)
        const to = h.navigations[h.navigations.length - 1]
        const url = String(to.url)
        if (!new RegExp(`^/${LIVE}\\?liveId=${liveStreams[0].liveId}&ts=\\d+$`).test(url))
          throw failure(`live streams: the tap opened ${url}`)
        return `${liveStreams.length} streams; tap -> ${to.api} ${url.replace(/&ts=\d+/, '')}`
      },
    },
    {
      name: 'live stream',
      title: '直播',
      page: LIVE,
      query: { liveId: live.liveId },
      share: { title: live.title, path: `/${LIVE}?liveId=${live.liveId}`, query: `liveId=${live.liveId}` },
      ready: '.alfa-live-comment',
      exact: { '.alfa-live-head__title': live.title },
      texts: ['直播中', live.presenter, ...live.comments.list.map((c) => c.content), ...live.comments.list.map((c) => masked(c.nickname))],
      async interact(h) {
        const socket = await h.waitFor('the page’s socket open', () =>
          (h.net.sockets ?? []).find((s) => s.path === `/alfa/v1/live/${live.liveId}/ws` && s.open && !s.closed),
        )
        if (socket.query.lastEventId !== newest.commentId)
          throw failure(`live stream: the socket resumes from ${socket.query.lastEventId}, the newest comment shown is ${newest.commentId}`)
        const content = `模拟器里收到的实时评论 ${Date.now()}`
        const posted = await api(`/live/${live.liveId}/comments`, { method: 'POST', body: JSON.stringify({ content }) })
        await h.waitFor('the comment over the socket', () => socket.messages.some((m) => m.includes(posted.commentId)))
        await h.waitFor('the comment on the page, at the top', () => text(h.page.querySelector('.alfa-live-comment__content')) === content)
        const before = h.navigations.length
        present(h.page.querySelector('.alfa-live-comment'), '.alfa-live-comment').dispatchEvent('tap')
        await h.waitFor('the comment’s detail opened', () => h.navigations.length > before)
        const to = String(h.navigations[h.navigations.length - 1].url)
        if (!to.startsWith(`/subPkg/pages/commentDetail/index?commentId=${posted.commentId}&`))
          throw failure(`live stream: the tap opened ${to}`)
        return `socket from ${newest.commentId}; comment ${posted.commentId} arrived over it and shows first; tap -> its detail`
      },
    },
    {
      name: 'comment detail',
      title: '评论详情',
      page: 'subPkg/pages/commentDetail/index',
      query: { commentId: markup.commentId },
      ready: '.alfa-live-detail__stream',
      exact: { '.alfa-live-comment__content': markup.content, '.alfa-live-detail__title': live.title },
      texts: [masked(markup.nickname), '回到直播'],
      async interact(h) {
        const before = h.navigations.length
        present(h.page.querySelector('.alfa-live-detail__stream'), '.alfa-live-detail__stream').dispatchEvent('tap')
        await h.waitFor('back to the stream', () => h.navigations.length > before)
        const to = h.navigations[h.navigations.length - 1]
        const url = String(to.url)
        if (!url.startsWith(`/${LIVE}?liveId=${live.liveId}&`)) throw failure(`comment detail: the tap opened ${url}`)
        return `"${markup.content}" as text; tap -> ${to.api} the stream`
      },
    },
    {
      name: 'live message authorization',
      title: '消息授权',
      page: 'subPkg/pages/liveAuth/index',
      query: { liveId: upcoming.liveId },
      ready: '.alfa-live-auth__button',
      exact: { '.alfa-live-auth__title': upcoming.title },
      texts: ['预告', '开播时间', '订阅开播提醒'],
      async interact(h) {
        if (TARGET === 'swan') {
          // Baidu's form: its submit (after the panel) carries a formId.
          present(h.page.querySelector('.alfa-reminder-form'), '.alfa-reminder-form').dispatchEvent('submit', {
            detail: { formId: 'simulated-form-id', value: {} },
          })
        } else {
          present(h.page.querySelector('.alfa-live-auth__button'), '.alfa-live-auth__button').dispatchEvent('tap')
          await h.waitFor('WeChat’s subscription panel', () => stubs.subscribeAsked.length)
          if (stubs.subscribeAsked[0].join() !== templates.WECHAT_LIVE_TEMPLATE_ID)
            throw failure(
              `the panel was asked for ${stubs.subscribeAsked[0].join()}, the server's template is ${templates.WECHAT_LIVE_TEMPLATE_ID}`,
            )
        }
        await h.waitFor('已订阅开播提醒', () => h.bodyText().includes('已订阅开播提醒'))
        const recorded = await api(`/live/${upcoming.liveId}/reminder`)
        if (!recorded.subscribed) throw failure('live message authorization: the server has no reminder for the user')
        return `${TARGET === 'swan' ? 'form submit' : 'tap -> requestSubscribeMessage accept'} -> login code -> the server recorded the reminder`
      },
    },
  ]
}

async function main() {
  const { dir } = simulatedDist(requireDist)
  /** @type {Stubs} */
  const stubs = { subscribeAsked: [] }
  /** @typedef {import('./lib/types').WxCallOptions & { tmplIds?: string[] }} StubOptions */
  const answer = (/** @type {StubOptions} */ opts, /** @type {object} */ res) => {
    if (typeof opts.success === 'function') opts.success(res)
    if (typeof opts.complete === 'function') opts.complete(res)
  }
  const wx = {
    requestSubscribeMessage: (/** @type {StubOptions} */ opts = {}) => {
      stubs.subscribeAsked.push(opts.tmplIds || [])
      answer(opts, { errMsg: 'requestSubscribeMessage:ok', ...Object.fromEntries((opts.tmplIds || []).map((id) => [id, 'accept'])) })
    },
    login: (/** @type {StubOptions} */ opts = {}) => answer(opts, { code: LOGIN_CODE, errMsg: 'login:ok' }),
    getLoginCode: (/** @type {StubOptions} */ opts = {}) => answer(opts, { code: LOGIN_CODE, errMsg: 'getLoginCode:ok' }),
  }
  return withLiveApp({ dir, parts: ['live'], wx }, async ({ server, host, net, problems }) => {
    const results = await runScreens({ dir, host, net, problems, screens: screens(server.expected, server, stubs), timeoutMs: TIMEOUT_MS })
    const sockets = net.sockets ?? []
    // A page's socket closes with the page (the close handshake takes a moment).
    for (let i = 0; i < 100 && sockets.some((s) => !s.closed); i++) await new Promise((r) => setTimeout(r, 20))
    const open = sockets.filter((s) => !s.closed)
    if (open.length) throw failure(`${open.length} socket(s) left open after their page closed: ${open.map((s) => s.path).join(', ')}`)
    return `${results.length} live screens against the live server (${net.requests.length} requests, ${sockets.length} socket(s), all closed with their page; server start ${server.startMs} ms):\n  ${results.join('\n  ')}`
  })
}

void runCheck(`${TARGET} issue-21 live screens in miniprogram-simulate${TARGET === 'swan' ? ' (translated to WXML)' : ''}`, main).then(() =>
  process.exit(),
)
