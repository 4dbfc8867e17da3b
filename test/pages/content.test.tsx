import * as links from '@/services/links'
import * as navigation from '@/services/navigation'
import * as share from '@/services/share'
import { hostStorage } from '@/services/storage'
import { user } from '@/services/user'
import { readMarks, DEVICE_READS_KEY } from '@/features/content/readMarks'
import ColumnPage from '@/subPkg/pages/column/index'
import ColumnDetailPage from '@/subPkg/pages/columnDetail/index'
import ArticlePage from '@/subPkg/pages/article/index'
import { flush, openPage, type GraphqlAnswers } from '../support/render'
import { unmountAll } from '../support/mounted'
import { liveToken } from '../support/services'

/**
 * 专栏, 专栏详情 and 文章 (issue #21): their states, paging, read marks merged from the server
 * and the device, and an article body built from the server's tree, checked again so that
 * nothing in it can run.
 */

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  user.logout()
})

async function tap(utils: { act: (f: () => unknown) => Promise<unknown> }, el: Element | null | undefined) {
  expect(el).toBeTruthy()
  await utils.act(async () => {
    ;(el as HTMLElement).click()
  })
  await utils.act(flush)
}

const COLUMNS = [
  { columnId: 'C100', title: '投资入门', coverUrl: '/alfa/static/demo/v1/column/0.png', description: '每周更新的投资内容。' },
  { columnId: 'C101', title: '基金经理说', coverUrl: null, description: null },
]

describe('专栏: the column list', () => {
  it('shows every column with its cover and description; a tap opens its detail', async () => {
    const navigated = jest.spyOn(navigation, 'navigateTo').mockResolvedValue(undefined as never)
    const { text, container, utils } = await openPage(
      ColumnPage,
      'subPkg/pages/column/index',
      {},
      { ColumnList: () => ({ allColumns: COLUMNS }) },
    )
    expect(text()).toContain('投资入门')
    expect(text()).toContain('每周更新的投资内容。')
    expect(text()).toContain('基金经理说')
    expect(container.querySelector('img.alfa-columns__cover, .alfa-columns__cover img, .alfa-columns__cover')).not.toBeNull()
    await tap(utils, container.querySelectorAll('.alfa-columns__card')[1])
    expect(navigated).toHaveBeenCalledWith('columnDetail', { columnId: 'C101' })
  })

  it('no column yet: an empty state with a way on', async () => {
    const home = jest.spyOn(navigation, 'goHome').mockResolvedValue(undefined as never)
    const { text, container, utils } = await openPage(
      ColumnPage,
      'subPkg/pages/column/index',
      {},
      { ColumnList: () => ({ allColumns: [] }) },
    )
    expect(text()).toContain('暂无专栏')
    await tap(utils, container.querySelector('.alfa-empty__action'))
    expect(home).toHaveBeenCalled()
  })

  it('a failure shows the error with 重试, which asks again', async () => {
    let fail = true
    const { text, container, utils, execute } = await openPage(
      ColumnPage,
      'subPkg/pages/column/index',
      {},
      {
        ColumnList: () => {
          if (fail) throw new Error('network')
          return { allColumns: COLUMNS }
        },
      },
    )
    expect(text()).toContain('加载失败')
    fail = false
    await tap(utils, container.querySelector('.alfa-empty__action'))
    await utils.act(flush)
    expect(text()).toContain('投资入门')
    expect(execute).toHaveBeenCalledTimes(2)
  })
})

const article = (n: number, isRead?: boolean) => ({
  articleId: `A${n}`,
  title: `第${n}期：文章标题`,
  coverThumbnailUrl: `/alfa/static/demo/v1/article/${n % 10}-thumb.png`,
  publishedAt: '2026-11-20T01:30:00.000Z',
  ...(isRead === undefined ? {} : { isRead }),
})

/** A column answer: page 1 (A1…A3, more) or page 2 (A4), the read marks when asked for. */
const columnAnswer =
  (readOnServer: string[] = []) =>
  (v: Record<string, unknown>) => {
    const cursor = (v.page as { cursor?: string | null }).cursor
    const ids = cursor ? [4] : [1, 2, 3]
    return {
      column: {
        columnId: v.columnId,
        title: '投资入门',
        coverUrl: null,
        description: '每周更新的投资内容。',
        articles: {
          totalCount: 4,
          pageInfo: { cursor: cursor ? null : 'Mw', hasMore: !cursor },
          list: ids.map((n) => article(n, v.isRead ? readOnServer.includes(`A${n}`) : undefined)),
        },
      },
    }
  }

const rows = (c: HTMLElement) =>
  Array.from(c.querySelectorAll('.alfa-column-article')).map(
    (r) => `${r.getAttribute('data-article-id')}${r.className.includes('--read') ? ' 已读' : ''}`,
  )

describe('专栏详情: a column’s articles, paged, with read marks', () => {
  it('shows the head and the first page; more loads the next page with the cursor', async () => {
    const { text, container, utils, execute } = await openPage(
      ColumnDetailPage,
      'subPkg/pages/columnDetail/index',
      { columnId: 'C100' },
      { ColumnDetail: columnAnswer() },
    )
    expect(text()).toContain('投资入门')
    expect(text()).toContain('共4篇')
    expect(rows(container)).toEqual(['A1', 'A2', 'A3'])
    expect(container.querySelectorAll('.alfa-column-article__cover').length).toBe(3)
    expect(execute.mock.calls[0][1]).toEqual({ columnId: 'C100', isRead: false, page: { cursor: null, size: 10 } })
    await tap(utils, container.querySelector('.alfa-load-more--more'))
    expect(rows(container)).toEqual(['A1', 'A2', 'A3', 'A4'])
    expect(execute.mock.calls[1][1]).toMatchObject({ page: { cursor: 'Mw', size: 10 } })
    expect(container.querySelector('.alfa-load-more--noMore')).not.toBeNull()
  })

  it('a signed-in reader asks for the marks and sees the server’s', async () => {
    user.restore(liveToken('reader-1'))
    const { container, execute } = await openPage(
      ColumnDetailPage,
      'subPkg/pages/columnDetail/index',
      { columnId: 'C100' },
      { ColumnDetail: columnAnswer(['A2']) },
    )
    expect(execute.mock.calls[0][1]).toMatchObject({ isRead: true })
    expect(rows(container)).toEqual(['A1', 'A2 已读', 'A3'])
    expect(container.querySelector('[data-article-id="A2"]')?.textContent).toContain('已读')
  })

  it('an anonymous reader sees the device’s marks, merged with the server’s', async () => {
    readMarks.remember('A3')
    expect(hostStorage.get(DEVICE_READS_KEY)).toContain('A3')
    const { container } = await openPage(
      ColumnDetailPage,
      'subPkg/pages/columnDetail/index',
      { columnId: 'C100' },
      { ColumnDetail: columnAnswer(['A1']) },
    )
    expect(rows(container)).toEqual(['A1', 'A2', 'A3 已读'])
  })

  it('a tap opens the article; an unknown column says so with a way on', async () => {
    const navigated = jest.spyOn(navigation, 'navigateTo').mockResolvedValue(undefined as never)
    const { container, utils } = await openPage(
      ColumnDetailPage,
      'subPkg/pages/columnDetail/index',
      { columnId: 'C100' },
      { ColumnDetail: columnAnswer() },
    )
    await tap(utils, container.querySelector('[data-article-id="A2"]'))
    expect(navigated).toHaveBeenCalledWith('article', { articleId: 'A2' })
    document.body.innerHTML = ''
    const missing = await openPage(
      ColumnDetailPage,
      'subPkg/pages/columnDetail/index',
      { columnId: 'NOPE' },
      { ColumnDetail: () => ({ column: null }) },
    )
    expect(missing.text()).toContain('未找到该专栏')
    await tap(missing.utils, missing.container.querySelector('.alfa-empty__action'))
    expect(navigated).toHaveBeenCalledWith('column')
  })

  it('a column without articles says so', async () => {
    const { text } = await openPage(
      ColumnDetailPage,
      'subPkg/pages/columnDetail/index',
      { columnId: 'C109' },
      {
        ColumnDetail: () => ({
          column: {
            columnId: 'C109',
            title: '新专栏',
            coverUrl: null,
            description: null,
            articles: { totalCount: 0, pageInfo: { cursor: null, hasMore: false }, list: [] },
          },
        }),
      },
    )
    expect(text()).toContain('这个专栏还没有文章')
  })
})

/** A body as the server sends it, with hostile nodes that a broken server could let through. */
const HOSTILE_BODY = [
  { type: 'node', name: 'h2', children: [{ type: 'text', text: '小标题' }] },
  {
    type: 'node',
    name: 'p',
    attrs: { onclick: 'window.__pwned = 1', style: 'position:fixed' },
    children: [{ type: 'text', text: '<script>window.__pwned = 2</script> 是文字' }],
  },
  { type: 'node', name: 'script', children: [{ type: 'text', text: 'window.__pwned = 3' }] },
  { type: 'node', name: 'iframe', attrs: { src: 'https://evil.example' } },
  { type: 'node', name: 'a', attrs: { href: 'javascript:window.__pwned = 4' }, children: [{ type: 'text', text: '坏链接' }] },
  { type: 'node', name: 'img', attrs: { src: 'data:image/svg+xml;base64,PHN2Zy8+', onerror: 'window.__pwned = 5' } },
  { type: 'node', name: 'img', attrs: { src: '/alfa/static/demo/v1/article/1-thumb.png', alt: '配图', loading: 'eager' } },
  {
    type: 'node',
    name: 'img',
    attrs: { src: '/alfa/static/demo/v1/article/2-thumb.png', alt: '配图二', width: '640', height: '480', loading: 'eager' },
  },
  { type: 'node', name: 'ul', children: [{ type: 'node', name: 'li', children: [{ type: 'text', text: '要点一' }] }] },
  {
    type: 'node',
    name: 'p',
    children: [
      { type: 'node', name: 'a', attrs: { href: 'https://www.alfa.example/learn' }, children: [{ type: 'text', text: '投资学堂' }] },
      { type: 'text', text: ' 与 ' },
      {
        type: 'node',
        name: 'a',
        attrs: { href: '/subPkg/pages/article/index?articleId=A10000' },
        children: [{ type: 'text', text: '上一期' }],
      },
    ],
  },
]

const ARTICLE = (articleId: string) => ({
  article: {
    articleId,
    title: '如何看待市场波动',
    author: '投研团队',
    publishedAt: '2026-11-20T01:30:00.000Z',
    body: HOSTILE_BODY,
    isRead: false,
    column: { columnId: 'C100', title: '投资入门' },
  },
})

describe('文章: the body from the server’s tree, inert whatever it holds', () => {
  it('renders headings, lists and images (the first at once, the rest lazily, whatever the tree says); script, handlers, javascript: and data: come to nothing', async () => {
    const answers: GraphqlAnswers = { Article: (v) => ARTICLE(String(v.articleId)), MarkArticleRead: () => ({}) }
    const { text, container } = await openPage(ArticlePage, 'subPkg/pages/article/index', { articleId: 'A20001' }, answers)
    const body = container.querySelector('.alfa-rich') as HTMLElement
    expect(text()).toContain('如何看待市场波动')
    expect(text()).toContain('投资入门')
    expect(text()).toContain('投研团队')
    expect(body.querySelector('h2')?.textContent).toBe('小标题')
    expect(body.querySelector('ul > li')?.textContent).toBe('要点一')
    // Markup inside text stays text.
    expect(body.textContent).toContain('<script>window.__pwned = 2</script> 是文字')
    expect(body.querySelectorAll('script, iframe, style, object, embed, form').length).toBe(0)
    for (const el of Array.from(body.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        expect(attr.name).not.toMatch(/^on/i)
        expect(attr.value).not.toMatch(/^\s*(javascript|data|vbscript):/i)
      }
      expect(el.getAttribute('style') ?? '').not.toMatch(/position/)
    }
    const images = Array.from(body.querySelectorAll('img'))
    expect(images.map((i) => i.getAttribute('src'))).toEqual([
      '/alfa/static/demo/v1/article/1-thumb.png',
      '/alfa/static/demo/v1/article/2-thumb.png',
    ])
    // The first image is the likely largest paint: at once. The tree's own loading is never taken.
    expect(images.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy'])
    // Its size, where the server gives one, holds its place before it loads (no layout shift).
    expect([images[1].getAttribute('width'), images[1].getAttribute('height')]).toEqual(['640', '480'])
    expect(images[0].getAttribute('style')).toMatch(/max-width: 100%/)
    // The bad link is its words only; the good ones are links without an href to follow by hand.
    const links = Array.from(body.querySelectorAll('a'))
    expect(links.map((a) => a.textContent)).toEqual(['投资学堂', '上一期'])
    expect(links.every((a) => !a.hasAttribute('href'))).toBe(true)
    expect(body.textContent).toContain('坏链接')
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
  })

  it('links open through the link rules (services/links.ts openLink, tested in links.test): the address outside and the article alike', async () => {
    const navigated = jest.spyOn(navigation, 'navigateTo').mockResolvedValue(undefined as never)
    const followed = jest.spyOn(links, 'openLink').mockReturnValue({ kind: 'refused', url: '' })
    const { container, utils } = await openPage(
      ArticlePage,
      'subPkg/pages/article/index',
      { articleId: 'A20002' },
      { Article: (v) => ARTICLE(String(v.articleId)), MarkArticleRead: () => ({}) },
    )
    const [outside, inside] = Array.from(container.querySelectorAll('.alfa-rich a'))
    await tap(utils, outside)
    expect(followed).toHaveBeenLastCalledWith('https://www.alfa.example/learn')
    await tap(utils, inside)
    expect(followed).toHaveBeenLastCalledWith('/subPkg/pages/article/index?articleId=A10000')
    await tap(utils, container.querySelector('.alfa-article__column'))
    expect(navigated).toHaveBeenCalledWith('columnDetail', { columnId: 'C100' })
  })

  it('opening marks it read: on the device when anonymous, on the server when signed in', async () => {
    const anonymous = await openPage(
      ArticlePage,
      'subPkg/pages/article/index',
      { articleId: 'A20003' },
      { Article: (v) => ARTICLE(String(v.articleId)) },
    )
    expect(anonymous.execute.mock.calls.map((c) => String(c[0]))).not.toContainEqual(expect.stringContaining('markArticleRead'))
    expect(hostStorage.get(DEVICE_READS_KEY)).toContain('A20003')
    expect(readMarks.isRead('A20003')).toBe(true)
    unmountAll()

    user.restore(liveToken('reader-2'))
    const marked: unknown[] = []
    await openPage(
      ArticlePage,
      'subPkg/pages/article/index',
      { articleId: 'A20004' },
      {
        Article: (v) => ARTICLE(String(v.articleId)),
        MarkArticleRead: (v) => {
          marked.push(v)
          return { markArticleRead: { articleId: v.articleId, isRead: true } }
        },
      },
    )
    expect(marked).toEqual([{ articleId: 'A20004' }])
    expect(hostStorage.get(DEVICE_READS_KEY)).not.toContain('A20004')
    expect(readMarks.isRead('A20004')).toBe(true)
  })

  it('shares with the article’s title', async () => {
    const shared = jest.spyOn(share, 'shareFor')
    await openPage(
      ArticlePage,
      'subPkg/pages/article/index',
      { articleId: 'A20005' },
      { Article: (v) => ARTICLE(String(v.articleId)), MarkArticleRead: () => ({}) },
    )
    const last = shared.mock.results[shared.mock.results.length - 1].value as share.ShareInfo
    expect(last.title).toBe('如何看待市场波动')
    expect(last.path).toBe('/subPkg/pages/article/index?articleId=A20005')
  })

  it('an unknown article says so with a way on; a failure offers 重试', async () => {
    const missing = await openPage(ArticlePage, 'subPkg/pages/article/index', { articleId: 'NOPE' }, { Article: () => ({ article: null }) })
    expect(missing.text()).toContain('未找到该文章')
    document.body.innerHTML = ''
    const failed = await openPage(
      ArticlePage,
      'subPkg/pages/article/index',
      { articleId: 'A20006' },
      {
        Article: () => {
          throw new Error('network')
        },
      },
    )
    expect(failed.text()).toContain('加载失败')
    expect(failed.text()).toContain('重试')
    expect(readMarks.isRead('A20006')).toBe(false)
  })
})
