import Taro from '@tarojs/taro'
import { routeByPage, routes } from '@/routes'
import { openExternal } from '@/services/external'
import { navigateTo } from '@/services/navigation'
import { toast } from '@/services/toast'
import { isAppPath } from '@/utils/externalUrl'
import { parseQuery } from '@/utils/url'

const ARTICLE_ID = /^[A-Za-z0-9_-]{1,64}$/

/**
 * The article an address points at, or null: the article page's app path
 * (`/subPkg/pages/article/index?articleId=A1`, as the server writes an adjustment's 调仓说明),
 * also on the product's own host (spec section 2: an in-mini-program page url contains the
 * product host and its path starts with /subPkg/pages/).
 */
export function articleLinkId(url: string | null | undefined, productHost: string = process.env.ALFA_PRODUCT_HOST || ''): string | null {
  if (typeof url !== 'string') return null
  let rest = url.trim()
  if (!isAppPath(rest)) {
    const m = /^https?:\/\/([^/?#@\\]+)(\/.*)?$/i.exec(rest)
    if (!m || !productHost || m[1].toLowerCase() !== productHost.toLowerCase() || !m[2]) return null
    rest = m[2]
  }
  const q = rest.indexOf('?')
  if (rest.slice(0, q < 0 ? undefined : q) !== `/${routes.article.page}`) return null
  const id = q < 0 ? '' : String(parseQuery(rest.slice(q + 1)).articleId ?? '').trim()
  return ARTICLE_ID.test(id) ? id : null
}

/** Opens an article's address in the article page; false when it is not one. */
export function openArticleLink(url: string | null | undefined): boolean {
  const articleId = articleLinkId(url)
  if (!articleId) return false
  void navigateTo('article', { articleId })
  return true
}

/**
 * A link tapped inside an article: another article opens in the article page, another page of
 * the app in that page, an https address through the external-link rules (the allow-list);
 * anything else says it cannot be opened.
 */
export function openArticleBodyLink(href: string): void {
  if (openArticleLink(href)) return
  if (isAppPath(href) && routeByPage(href)) {
    void Taro.navigateTo({ url: href })
    return
  }
  if (!openExternal(href)) void toast.open('暂不支持打开该链接')
}
