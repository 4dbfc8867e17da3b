// @ts-check
'use strict'
// The content screens of issue 21 in the WeChat build (dist/weapp; with ALFA_SIMULATE_TARGET=swan,
// dist/swan translated to WXML) render in miniprogram-simulate with the data of the REAL API
// server (lib/content-api-server.js), as the logged-in demo user: 专栏 (every column, a tap opens
// the first), 专栏详情 (the column's first page with covers, the article the demo user read marked
// 已读, 加载更多 brings the second page), 文章 (title, column, author; the body as rich-text nodes
// built from the server's tree, checked again: no node outside the allow-list, links as tappable
// pieces; opening it tells the server it was read; a tap on its column opens the column) and the
// demo data's safety-test article (nothing of its payloads in the nodes, one link left). The
// machinery is the other screens' (lib/live-screens.js); any console.error, uncaught exception,
// GraphQL error, HTTP status >= 400 or request still pending at the end of a screen fails.
const fs = require('node:fs')
const path = require('node:path')
const { ROOT, requireDist, runCheck, failure, startJsonServer } = require('./lib/common')
const { simulatedDist } = require('./lib/swan-to-wxml')
const { createHost, captureProblems } = require('./lib/weapp-host')
const { forwarder, text, classOf, runScreens } = require('./lib/live-screens')

const TARGET = process.env.ALFA_SIMULATE_TARGET === 'swan' ? 'swan' : 'weapp'
const TIMEOUT_MS = 8000

/** The tags of the one allow-list (common/richText.ts RICH_TAGS), read from its source: this check runs without TypeScript. */
const RICH_TAGS = (() => {
  const source = fs.readFileSync(path.join(ROOT, 'common', 'richText.ts'), 'utf8')
  const block = source.slice(source.indexOf('export const RICH_TAGS'), source.indexOf('\n}\n', source.indexOf('export const RICH_TAGS')))
  const names = [...block.matchAll(/^ {2}([a-z][a-z0-9]*):/gm)].map((m) => m[1])
  if (names.length < 20) throw new Error(`read only ${names.length} tags from common/richText.ts`)
  return Object.fromEntries(names.map((n) => [n, true]))
})()

/**
 * @typedef {import('./lib/types').LivePage} LivePage
 * @typedef {{ type?: string; text?: string; name?: string; attrs?: Record<string, string>; children?: RichNode[] }} RichNode
 */

/**
 * The one node of the page that `selector` finds; fails when there is none.
 * @param {LivePage} h
 * @param {string} selector
 */
function one(h, selector) {
  const node = h.page.querySelector(selector)
  if (!node) throw failure(`no ${selector} on the page`)
  return node
}

/**
 * Taps `node` and resolves with the url of the navigation it starts.
 * @param {LivePage} h
 * @param {import('./lib/types').SimNode} node
 * @param {string} what
 */
async function tapOpens(h, node, what) {
  const before = h.navigations.length
  node.dispatchEvent('tap')
  await h.waitFor(`navigation from ${what}`, () => h.navigations.length > before)
  return String(h.navigations[before].url)
}

/**
 * The rich-text nodes every run of the body was given, read from the page's data (Taro's
 * render tree: the simulator's rich-text keeps no properties): each run's element, known by its
 * class, holds its nodes in its one array-valued property besides its child list.
 * @param {LivePage} h
 */
function richNodes(h) {
  /** @type {RichNode[][]} */
  const runs = []
  const host = /** @type {import('./lib/types').HostGlobals} */ (/** @type {unknown} */ (globalThis))
  /** @type {unknown[]} */
  const stack = [host.getCurrentPages().slice(-1)[0]?.data]
  while (stack.length) {
    const o = /** @type {Record<string, unknown> | null | undefined} */ (stack.pop())
    if (!o || typeof o !== 'object') continue
    if (Array.isArray(o)) {
      stack.push(...o)
      continue
    }
    if ((typeof o.cl === 'string' ? o.cl : '').split(' ').includes('alfa-rich__run')) {
      const nodes = Object.entries(o).find(([k, v]) => k !== 'cn' && Array.isArray(v))
      if (!nodes) throw failure(`a rich-text run without nodes: ${JSON.stringify(o).slice(0, 200)}`)
      runs.push(/** @type {RichNode[]} */ (nodes[1]))
      continue
    }
    stack.push(...Object.values(o))
  }
  if (runs.length !== h.page.querySelectorAll('.alfa-rich__run').length)
    throw failure(`${runs.length} runs in the data, ${h.page.querySelectorAll('.alfa-rich__run').length} on the page`)
  return runs
}

/**
 * The text of rich-text nodes.
 * @param {RichNode[][]} runs
 */
function nodesText(runs) {
  let out = ''
  const stack = [...runs.flat()].reverse()
  while (stack.length) {
    const n = /** @type {RichNode} */ (stack.pop())
    if (n.type === 'text') out += n.text
    else stack.push(...[...(n.children || [])].reverse())
  }
  return out
}

/**
 * Every element name and attribute in rich-text nodes; fails on anything the allow-list would not keep.
 * @param {RichNode[][]} runs
 */
function checkNodes(runs) {
  /** @type {Array<string | undefined>} */
  const seen = []
  const stack = runs.flat()
  while (stack.length) {
    const n = /** @type {RichNode} */ (stack.pop())
    if (n.type === 'text') {
      if (typeof n.text !== 'string') throw failure(`a text node without text: ${JSON.stringify(n)}`)
      continue
    }
    const name = n.name === 'div' && n.attrs && n.attrs.class === 'alfa-rich__pre' ? 'pre' : n.name
    if (!name || !RICH_TAGS[name]) throw failure(`rich-text node <${n.name}> is not on the allow-list`)
    for (const [k, v] of Object.entries(n.attrs || {})) {
      if (/^on/i.test(k) || k === 'href' || /^\s*(javascript|data|vbscript):/i.test(String(v)))
        throw failure(`rich-text node <${n.name}> has ${k}="${v}"`)
    }
    seen.push(n.name)
    stack.push(...(n.children || []))
  }
  return seen
}

/**
 * @typedef {{ articleId: string; title: string; isRead: boolean }} ArticleRow
 * @typedef {{
 *   columns: Array<{ columnId: string; title: string }>
 *   column: { columnId: string; title: string; totalCount: number; hasMore: boolean; articles: ArticleRow[]; readId: string }
 *   article: { articleId: string; title: string; author: string; column: { columnId: string; title: string } }
 *   safety: { articleId: string; title: string }
 * }} ContentExpected lib/content-api-server.js's
 */

/**
 * @param {{ content: ContentExpected }} expected
 * @returns {import('./lib/types').Screen[]}
 */
function screens(expected) {
  const { columns, column, article, safety } = expected.content
  const detailPage = 'subPkg/pages/columnDetail/index'
  const articlePage = 'subPkg/pages/article/index'
  const rows = (/** @type {LivePage} */ h) => h.page.querySelectorAll('.alfa-column-article')
  return [
    {
      name: 'column list',
      title: '专栏',
      page: 'subPkg/pages/column/index',
      query: {},
      share: { title: '专栏', path: '/subPkg/pages/column/index', query: '' },
      ready: '.alfa-columns__card',
      texts: columns.map((c) => c.title),
      async interact(h) {
        const url = await tapOpens(h, one(h, '.alfa-columns__card'), 'the first column')
        if (!url.startsWith(`/${detailPage}?`) || !url.includes(`columnId=${columns[0].columnId}`))
          throw failure(`the first column opened ${url}`)
        return `${columns.length} columns; tap ${columns[0].title} -> ${url.split('&ts=')[0]}`
      },
    },
    {
      name: 'column detail',
      title: '专栏详情',
      page: detailPage,
      query: { columnId: column.columnId },
      share: { title: column.title, path: `/${detailPage}?columnId=${column.columnId}`, query: `columnId=${column.columnId}` },
      ready: '.alfa-column-article',
      texts: [column.title, `共${column.totalCount}篇`, ...column.articles.map((a) => a.title), '已读'],
      async interact(h) {
        // The mini-program templates carry no data-* attributes: a row is known by its title.
        const read = rows(h)
          .filter((r) => classOf(r).includes('--read'))
          .map((r) => text(r.dom.querySelector('[class*="alfa-column-article__title"]')))
        const readTitle = column.articles.find((a) => a.articleId === column.readId)?.title
        if (read.join() !== readTitle) throw failure(`rows marked 已读: ${JSON.stringify(read)}, the server says ${readTitle}`)
        if (h.page.querySelectorAll('.alfa-column-article__cover').length !== column.articles.length)
          throw failure('a cover thumbnail is missing')
        if (!column.hasMore) return `${rows(h).length} articles, ${readTitle} 已读`
        const count = rows(h).length
        one(h, '.alfa-load-more--more').dispatchEvent('tap')
        await h.waitFor('the second page', () => rows(h).length > count)
        return `${count} articles, "${readTitle}" 已读 (as the server's); 加载更多 -> ${rows(h).length}`
      },
    },
    {
      name: 'article',
      title: '文章',
      page: articlePage,
      query: { articleId: article.articleId },
      share: { title: article.title, path: `/${articlePage}?articleId=${article.articleId}`, query: `articleId=${article.articleId}` },
      ready: '.alfa-rich__run',
      texts: [article.title, article.column.title, article.author, '投资学堂'],
      async interact(h) {
        const names = checkNodes(richNodes(h))
        if (!nodesText(richNodes(h)).includes('演示数据')) throw failure('the body’s words are not in its nodes')
        for (const want of ['h2', 'ul', 'li', 'blockquote', 'img'])
          if (!names.includes(want)) throw failure(`no <${want}> in the rich-text nodes: ${names.join(',')}`)
        /** @type {(n: RichNode) => RichNode[]} */
        const all = (n) => [n, ...(n.children || []).flatMap(all)]
        const img = richNodes(h)
          .flat()
          .flatMap(all)
          .find((n) => n.name === 'img')
        if (!/^http:\/\/127\.0\.0\.1:\d+\/alfa\/static\/demo\/v1\/article\//.test(img?.attrs?.src ?? '') || img?.attrs?.loading !== 'lazy')
          throw failure(`the image node is ${JSON.stringify(img)}`)
        const link = h.page.querySelectorAll('.alfa-rich__a').map(text)
        if (!link.includes('投资学堂')) throw failure(`links: ${JSON.stringify(link)}`)
        await h.waitFor('markArticleRead answered', () =>
          h.net.requests.some((r) => r.op === 'MarkArticleRead' && r.done && r.status === 200),
        )
        const url = await tapOpens(h, one(h, '.alfa-article__column'), 'the column name')
        if (!url.startsWith(`/${detailPage}?columnId=${article.column.columnId}`)) throw failure(`the column name opened ${url}`)
        return `${names.length} rich-text elements (${[...new Set(names)].join(' ')}); link 投资学堂; marked read; tap ${article.column.title} -> ${url.split('&ts=')[0]}`
      },
    },
    {
      name: 'safety-test article',
      title: '文章',
      page: articlePage,
      query: { articleId: safety.articleId },
      ready: '.alfa-rich__run',
      texts: [safety.title, '普通的 https 链接'],
      async interact(h) {
        const names = checkNodes(richNodes(h))
        const words = nodesText(richNodes(h))
        for (const t of ['安全测试', 'javascript: 链接', '实体编码的 javascript: 链接', 'data: 链接', '事件处理器'])
          if (!words.includes(t)) throw failure(`"${t}" not in the body's nodes: ${words.slice(0, 300)}`)
        if (words.includes('__alfaPwned')) throw failure('a payload’s code is in the body as text')
        const links = h.page.querySelectorAll('.alfa-rich__a').map(text)
        if (links.join() !== '普通的 https 链接') throw failure(`links of the safety article: ${JSON.stringify(links)}`)
        const before = h.navigations.length
        one(h, '.alfa-rich__a').dispatchEvent('tap')
        // Through the link rules: the external-link page, which re-checks the address (web-view when allowed, the refusal page otherwise).
        await h.waitFor('the external-link page', () => h.navigations.length > before)
        const opened = String(h.navigations[before].url)
        if (!opened.startsWith('/subPkg/pages/externalLink/index?url=https'))
          throw failure(`the link opened ${opened}, not the external-link page`)
        return `${names.length} elements, none off the list, no handler or script url; its one link through the link rules (${opened.split('&')[0]})`
      },
    },
  ]
}

async function main() {
  const { dir } = simulatedDist(requireDist)
  const starting = startJsonServer(path.join(__dirname, 'lib', 'content-api-server.js'))
  starting.catch(() => undefined)
  /** @type {any} lib/content-api-server.js's JSON line (import('./lib/types').JsonServer) */
  let server = null
  try {
    /** @type {string[]} */
    const problems = []
    /** @type {import('./lib/types').Net} */
    const net = { requests: [], problems, offline: false, failed: 0 }
    captureProblems(problems)
    const host = createHost(dir, { problems, request: forwarder(() => server.origin, net), storage: {} })
    server = await starting
    host.storage.set('cookies', { accessToken: { value: server.token } })
    const results = await runScreens({ dir, host, net, problems, screens: screens(server.expected), timeoutMs: TIMEOUT_MS })
    return `${results.length} content screens against the live server (${net.requests.length} requests, all answered; server start ${server.startMs} ms):\n  ${results.join('\n  ')}`
  } finally {
    if (server) server.stop()
    else
      starting.then(
        (/** @type {import('./lib/types').JsonServer} */ s) => s.stop(),
        () => undefined,
      )
  }
}

void runCheck(`${TARGET} issue-21 content screens in miniprogram-simulate${TARGET === 'swan' ? ' (translated to WXML)' : ''}`, main).then(
  () => process.exit(),
)
