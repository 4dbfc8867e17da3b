import type { Page } from 'playwright-core'
import type { Scheme } from './browser'

/** What the user sees right now, read from the DOM. */
export interface Screen {
  pathname: string
  query: Record<string, string>
  documentTitle: string
  /** data-route of every page root (`.alfa-page`) that is displayed; exactly one is expected. */
  visibleRoutes: string[]
  /** The navigation bar title of the displayed page (null when it has none). */
  navTitle: string | null
  navTitleVisible: boolean
  /** Class names of the displayed page root. */
  rootClass: string
  /** Effective background colour behind the displayed page (first opaque one up the tree). */
  background: string
  backgroundLuminance: number
  /** Colour and luminance of the navigation bar title text. */
  navTitleColor: string
  navTitleLuminance: number
  /** The displayed page's text. */
  text: string
  /** The document is wider than the viewport (a horizontal scroll on a phone). */
  overflowX: boolean
  /**
   * The page body shows nothing but a loading placeholder (PageLoading's .alfa-page-loading or the
   * skeleton, .alfa-skeleton): no text besides 正在加载, no image, video or frame.
   */
  loadingOnly: boolean
  /** The page body shows nothing at all: no text, image, video, frame or placeholder. */
  blank: boolean
}

/** Runs in the page: everything in one evaluate, so the snapshot is consistent. */
function snapshot(): Screen {
  const parse = (c: string): [number, number, number, number] => {
    const m = c.match(/rgba?\(([^)]+)\)/)
    if (!m) return [0, 0, 0, 0]
    const p = m[1]
      .split(/[ ,/]+/)
      .filter(Boolean)
      .map(Number)
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]
  }
  const lum = ([r, g, b]: number[]) => {
    const ch = (v: number) => {
      const s = v / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)
  }
  const shown = (el: Element) => {
    const h = el as HTMLElement
    if (!h.getClientRects().length) return false
    const cs = getComputedStyle(h)
    return cs.visibility !== 'hidden' && cs.display !== 'none'
  }
  const roots = [...document.querySelectorAll('.alfa-page[data-route]')].filter(shown)
  const root = roots[0] as HTMLElement | undefined
  let bg = 'rgba(0, 0, 0, 0)'
  for (let el: HTMLElement | null = root ?? document.body; el; el = el.parentElement) {
    const c = getComputedStyle(el).backgroundColor
    if (parse(c)[3] > 0.5) {
      bg = c
      break
    }
  }
  const title = root?.querySelector('.alfa-navbar__title') as HTMLElement | null
  const titleColor = title ? getComputedStyle(title).color : ''
  const query: Record<string, string> = {}
  new URLSearchParams(location.search).forEach((v, k) => (query[k] = v))
  const body = root?.querySelector('.alfa-page__body') as HTMLElement | null
  const placeholders = body ? [...body.querySelectorAll('.alfa-page-loading, .alfa-skeleton')].filter(shown) : []
  const media = body ? [...body.querySelectorAll('img, video, iframe, canvas, input, textarea')].filter(shown) : []
  const bodyText = (body?.innerText ?? '').replace(/\s+/g, '')
  return {
    loadingOnly: placeholders.length > 0 && media.length === 0 && bodyText.replace(/正在加载/g, '') === '',
    blank: !!body && placeholders.length === 0 && media.length === 0 && bodyText === '',
    pathname: location.pathname,
    query,
    documentTitle: document.title,
    visibleRoutes: roots.map((r) => r.getAttribute('data-route') ?? ''),
    navTitle: title ? (title.textContent ?? '').trim() : null,
    navTitleVisible: !!title && shown(title),
    rootClass: root?.className ?? '',
    background: bg,
    backgroundLuminance: lum(parse(bg)),
    navTitleColor: titleColor,
    navTitleLuminance: titleColor ? lum(parse(titleColor)) : -1,
    text: (root?.innerText ?? '').replace(/\s+/g, ' ').trim(),
    overflowX: document.documentElement.scrollWidth > window.innerWidth + 1,
  }
}

export function readScreen(page: Page): Promise<Screen> {
  return page.evaluate(snapshot)
}

export interface Expected {
  /** data-route of the page that must be displayed. */
  route: string
  /** document.title, when given. */
  documentTitle?: string
  /** The navigation bar title, when given. */
  navTitle?: string
  /** The theme class the page root must carry, when given. */
  scheme?: Scheme
}

/**
 * Waits (generously) until the expected screen is displayed, then until the network is idle
 * (lazy page chunks). Never fails by itself: the caller asserts on readScreen() afterwards, so
 * a failure message shows what was there instead of a bare timeout.
 */
export async function settle(page: Page, exp: Expected, timeout = 20_000): Promise<void> {
  await page
    .waitForFunction(
      ({ route, documentTitle, navTitle, scheme }) => {
        const root = [...document.querySelectorAll(`.alfa-page[data-route="${route}"]`)].find(
          (el) => (el as HTMLElement).getClientRects().length > 0,
        )
        if (!root) return false
        if (scheme && !root.classList.contains(`alfa-theme--${scheme}`)) return false
        if (documentTitle !== undefined && document.title !== documentTitle) return false
        if (navTitle !== undefined) {
          const t = root.querySelector('.alfa-navbar__title')
          if (!t || (t.textContent ?? '').trim() !== navTitle) return false
        }
        return true
      },
      { route: exp.route, documentTitle: exp.documentTitle, navTitle: exp.navTitle, scheme: exp.scheme },
      { timeout, polling: 100 },
    )
    .catch(() => undefined)
  await page.waitForLoadState('networkidle', { timeout }).catch(() => undefined)
}

/**
 * Waits (generously: a page on a busy machine may take long) while the displayed page shows only a
 * loading placeholder or nothing, then until the network is idle again. Never fails by itself: a
 * page that never leaves its placeholder is reported by the caller's readScreen().
 */
export async function settleContent(page: Page, timeout = 60_000): Promise<void> {
  const until = Date.now() + timeout
  for (;;) {
    const s = await readScreen(page)
    if ((!s.loadingOnly && !s.blank) || Date.now() > until) break
    await page.waitForTimeout(200)
  }
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined)
}
