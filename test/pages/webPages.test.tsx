import Taro from '@tarojs/taro'
import * as web from '@/platform/web'
import { configureExternalHosts, configureProductHosts, externalHosts, productHosts } from '@/services/external'
import { user } from '@/services/user'
import ExternalLinkPage from '@/subPkg/pages/externalLink/index'
import TradeWebviewPage from '@/subPkg/pages/tradeWebview/index'
import WebIframePage from '@/subPkg/pages/webIframe/index'
import WebviewPage from '@/pages/webview/index'
import { mockClipboard } from '../support/clipboard'
import { flush, renderPage } from '../support/render'
import { liveToken } from '../support/services'

/**
 * The web pages (external link, web iframe, web-view fallback, trade web-view) under the link
 * rules, on the H5 runtime: an allowed page is opened (this tab, or framed), anything else shows
 * the refusal with the address and a copy button and opens nothing.
 */

const savedAllowed = externalHosts()
const savedOwn = productHosts()
let replace: jest.SpyInstance
let assign: jest.SpyInstance

beforeEach(() => {
  configureProductHosts(['alfa.example'])
  configureExternalHosts(['alfa.example', 'partner.example'])
  replace = jest.spyOn(web, 'replaceLocation').mockImplementation(() => undefined)
  assign = jest.spyOn(web, 'assignLocation').mockImplementation(() => undefined)
})
afterEach(() => {
  configureExternalHosts(savedAllowed)
  configureProductHosts(savedOwn)
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  user.logout()
})

async function open(Page: Parameters<typeof renderPage>[0], page: string, params: Record<string, string>) {
  const shown = await renderPage(Page, page, params)
  await shown.utils.act(flush)
  return shown
}

const tap = async (shown: Awaited<ReturnType<typeof open>>, el: Element | null | undefined) => {
  if (!el) throw new Error('nothing to tap')
  await shown.utils.act(async () => {
    el.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    await flush()
  })
}
/** A button or link by its text (Taro's H5 Button is its own element, found by class). */
const byText = (root: HTMLElement, text: string) =>
  Array.from(root.querySelectorAll('taro-button-core, [role="link"]')).find((e) => e.textContent?.includes(text))

const PAGES = [
  ['external link', ExternalLinkPage, 'subPkg/pages/externalLink/index'],
  ['web-view fallback', WebviewPage, 'pages/webview/index'],
  ['web iframe', WebIframePage, 'subPkg/pages/webIframe/index'],
] as const

describe.each(PAGES)('%s', (_name, Page, path) => {
  it.each([
    ['javascript:alert(document.cookie)'],
    ['https://evil.example/phish'],
    ['http://www.alfa.example/plain-http'],
    ['https://alfa.example@evil.example/'],
  ])('refuses %s: the address, a copy button, nothing opened', async (url) => {
    const setClipboard = mockClipboard()
    const shown = await open(Page, path, { url: encodeURIComponent(url) })
    expect(shown.text()).toContain('无法打开此链接')
    expect(shown.container.querySelector('.alfa-refused__url')?.textContent).toBe(url)
    expect(shown.container.querySelector('iframe')).toBeNull()
    await tap(shown, byText(shown.container, '复制链接'))
    expect(setClipboard.mock.calls).toEqual([[url]])
    expect(shown.text()).toContain('链接已复制')
    expect(replace).not.toHaveBeenCalled()
    expect(assign).not.toHaveBeenCalled()
  })

  it('without an address says so, with a way back', async () => {
    const shown = await open(Page, path, {})
    expect(shown.text()).toContain('没有要打开的网页')
    expect(byText(shown.container, '返回')).toBeTruthy()
  })

  it('an app page asked for through it opens inside the app instead', async () => {
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    await open(Page, path, { url: encodeURIComponent('https://www.alfa.example/alfa/fund/000001') })
    expect(redirect).toHaveBeenCalledTimes(1)
    expect(redirect.mock.calls[0][0].url).toMatch(/^\/alfa\/fund\/000001\?ts=\d+$/)
    expect(replace).not.toHaveBeenCalled()
  })
})

describe('allowed pages open', () => {
  it('the external link leaves for an allowed page in this tab (the address decoded whether encoded once or twice)', async () => {
    const url = 'https://partner.example/page?q=100%25'
    for (const param of [url, encodeURIComponent(url), encodeURIComponent(encodeURIComponent(url))]) {
      replace.mockClear()
      const shown = await open(ExternalLinkPage, 'subPkg/pages/externalLink/index', { url: param })
      expect(replace.mock.calls).toEqual([[url]])
      expect(shown.text()).toContain('正在前往 partner.example')
      await tap(shown, byText(shown.container, '继续访问'))
      expect(assign).toHaveBeenLastCalledWith(url)
      document.body.innerHTML = ''
    }
  })

  it('the web iframe frames an allowed page, with a way to open it in the tab', async () => {
    const shown = await open(WebIframePage, 'subPkg/pages/webIframe/index', { url: encodeURIComponent('https://partner.example/report') })
    expect(shown.container.querySelector('iframe')?.getAttribute('src')).toBe('https://partner.example/report')
    expect(replace).not.toHaveBeenCalled()
    await tap(shown, byText(shown.container, '在当前窗口打开'))
    expect(assign).toHaveBeenCalledWith('https://partner.example/report')
  })

  it('the web-view fallback with auth adds the token on the product’s own host only', async () => {
    user.restore(liveToken())
    await open(WebviewPage, 'pages/webview/index', { url: encodeURIComponent('https://m.alfa.example/me'), auth: '1' })
    expect(replace.mock.calls).toEqual([[`https://m.alfa.example/me?access_token=${user.token}`]])
    document.body.innerHTML = ''
    replace.mockClear()
    await open(WebviewPage, 'pages/webview/index', { url: encodeURIComponent('https://partner.example/me'), auth: '1' })
    expect(replace.mock.calls).toEqual([['https://partner.example/me']])
  })

  it('logged out, a page of the product that needs the login asks for it first', async () => {
    const shown = await open(WebviewPage, 'pages/webview/index', { url: encodeURIComponent('https://m.alfa.example/me'), auth: '1' })
    expect(shown.text()).toContain('登录后继续')
    expect(replace).not.toHaveBeenCalled()
  })
})

describe('the trade web-view', () => {
  it('opens a trade page of the product with the user’s token', async () => {
    user.restore(liveToken())
    await open(TradeWebviewPage, 'subPkg/pages/tradeWebview/index', {
      url: encodeURIComponent('https://trade.alfa.example/buy?poCode=ZH015676'),
    })
    expect(replace.mock.calls).toEqual([[`https://trade.alfa.example/buy?poCode=ZH015676&access_token=${user.token}`]])
  })
  it('refuses a partner’s page, allowed elsewhere, and never hands it the token', async () => {
    user.restore(liveToken())
    const shown = await open(TradeWebviewPage, 'subPkg/pages/tradeWebview/index', {
      url: encodeURIComponent('https://partner.example/buy'),
    })
    expect(shown.text()).toContain('交易页面只能打开本平台的交易网址')
    expect(shown.container.querySelector('.alfa-refused__url')?.textContent).toBe('https://partner.example/buy')
    expect(replace).not.toHaveBeenCalled()
  })
  it('asks an anonymous user to log in', async () => {
    const shown = await open(TradeWebviewPage, 'subPkg/pages/tradeWebview/index', {
      url: encodeURIComponent('https://trade.alfa.example/buy'),
    })
    expect(shown.text()).toContain('登录后继续')
    expect(replace).not.toHaveBeenCalled()
  })
})
