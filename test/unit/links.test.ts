import Taro from '@tarojs/taro'
import { configureExternalHosts, configureProductHosts, externalHosts, productHosts } from '@/services/external'
import { openLink, planLink, screenOfPath, urlParam, type LinkPlan, type LinkRules } from '@/services/links'
import { user } from '@/services/user'

/** The product is alfa.example (its subdomains included); partner.example is a partner on the allow-list. */
const rules = (over: Partial<LinkRules> = {}): LinkRules => ({
  target: 'h5',
  productHosts: ['alfa.example'],
  allowedHosts: ['alfa.example', 'partner.example'],
  allowHttp: false,
  token: 'TOKEN',
  now: 5,
  ...over,
})
const refused = (url: string): LinkPlan => ({ kind: 'refused', url })
const web = (url: string): LinkPlan => ({ kind: 'web', url })

describe('the link rules: what following a url does', () => {
  describe('an article of the app opens in the article page (an adjustment’s 调仓说明, a link inside an article)', () => {
    it.each([
      ['/subPkg/pages/article/index?articleId=A10000', 'A10000'],
      ['/subPkg/pages/article/index?ts=1&articleId=ADJ-ZH015676-003', 'ADJ-ZH015676-003'],
      ['https://m.alfa.example/subPkg/pages/article/index?articleId=A1', 'A1'],
      ['https://www.alfa.example/article/adjust-1', 'adjust-1'],
    ])('%s → article %s', (url, articleId) => {
      const plan = planLink(url, {}, rules())
      expect(plan).toMatchObject({ kind: 'app', route: 'article' })
      expect(plan.url).toContain(`articleId=${articleId}`)
      expect(plan.url).not.toContain('ts=1&')
    })
    it.each([
      ['https://evil.example/subPkg/pages/article/index?articleId=A1'],
      ['https://m.alfa.example@evil.example/subPkg/pages/article/index?articleId=A1'],
      ['//evil.example/subPkg/pages/article/index?articleId=A1'],
    ])('%s is refused', (url) => {
      expect(planLink(url, {}, rules())).toEqual(refused(url))
    })
  })

  describe('refused: the refusal page shows the address, nothing is opened', () => {
    it.each([
      ['javascript:alert(1)'],
      ['JavaScript:alert(document.cookie)'],
      ['java\nscript:alert(1)'],
      ['data:text/html,<script>alert(1)</script>'],
      ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
      ['vbscript:msgbox(1)'],
      ['file:///etc/passwd'],
      ['mailto:someone@alfa.example'],
      // http on public hosts, even the product's own
      ['http://www.alfa.example/faq'],
      ['http://partner.example/'],
      // userinfo tricks: the host is what follows the @
      ['https://alfa.example@evil.example/'],
      ['https://www.alfa.example:443@evil.example/x'],
      ['https://user:pass@www.alfa.example/'],
      // IDN and punycode look-alikes
      ['https://www.аlfa.example/'],
      ['https://xn--lfa-8cd.example/'],
      ['https://alfa.example.xn--p1ai/'],
      ['https://www.alfa.example.evil.example/'],
      ['https://evilalfa.example/'],
      // backslashes, which browsers read as slashes
      ['https://evil.example\\@alfa.example/'],
      ['https:\\\\evil.example'],
      ['/\\evil.example/'],
      ['https://alfa.example\\.evil.example/'],
      // protocol-relative
      ['//evil.example/x'],
      ['//www.alfa.example/x'],
      // off the list, odd hosts and shapes
      ['https://evil.example/'],
      ['https://127.0.0.1/'],
      ['https://%77ww.alfa.example/'],
      ['https://www.alfa.example./x'],
      ['https:///x'],
      ['pages/fund/index'],
      ['https://alfa.example/\u0000'],
      [''],
      ['   '],
    ])('%j', (url) => expect(planLink(url, {}, rules())).toEqual(refused(url)))
    it('http on loopback only for a development build', () => {
      const url = 'http://localhost:3000/x'
      const dev = rules({ allowedHosts: ['localhost'], productHosts: ['localhost'], allowHttp: true })
      expect(planLink(url, {}, dev)).toEqual(web(url))
      expect(planLink(url, {}, { ...dev, allowHttp: false })).toEqual(refused(url))
    })
  })

  describe('web pages on the allow-list', () => {
    it.each([
      ['https://partner.example/page?x=1', 'https://partner.example/page?x=1'],
      ['https://m.partner.example:8443/p', 'https://m.partner.example:8443/p'],
      ['https://www.alfa.example/faq/buy', 'https://www.alfa.example/faq/buy'],
      ['  https://www.alfa.example/notice  ', 'https://www.alfa.example/notice'],
      ['HTTPS://WWW.ALFA.EXAMPLE/Notice', 'HTTPS://WWW.ALFA.EXAMPLE/Notice'],
    ])('%s opens %s', (url, opened) => expect(planLink(url, {}, rules())).toEqual(web(opened)))
  })

  describe('auth adds the token only on the product’s own hosts', () => {
    it('on the product host and its subdomains', () => {
      expect(planLink('https://trade.alfa.example/buy?po=ZH015676', { auth: true }, rules())).toEqual(
        web('https://trade.alfa.example/buy?po=ZH015676&access_token=TOKEN'),
      )
      expect(planLink('https://alfa.example/x#top', { auth: true }, rules())).toEqual(web('https://alfa.example/x?access_token=TOKEN#top'))
    })
    it('never on a partner, a look-alike or without auth', () => {
      expect(planLink('https://partner.example/x', { auth: true }, rules())).toEqual(web('https://partner.example/x'))
      expect(planLink('https://alfa.example.partner.example/x', { auth: true }, rules())).toEqual(
        web('https://alfa.example.partner.example/x'),
      )
      expect(planLink('https://alfa.example/x', {}, rules())).toEqual(web('https://alfa.example/x'))
      expect(planLink('https://alfa.example@partner.example/x', { auth: true }, rules()).kind).toBe('refused')
    })
    it('logged out, the page opens without one', () => {
      expect(planLink('https://alfa.example/x', { auth: true }, rules({ token: null }))).toEqual(web('https://alfa.example/x'))
    })
  })

  describe('app paths and the product’s own pages navigate inside the app, with ts', () => {
    it.each([
      ['/alfa/fund/000001', 'h5', '/alfa/fund/000001?ts=5', 'fundEntry'],
      ['/alfa/fund/000001', 'weapp', '/subPkg/pages/fundEntry/index?fundCode=000001&ts=5', 'fundEntry'],
      [
        '/alfa/portfolio/ZH015676/detail?from=home',
        'weapp',
        '/subPkg/pages/portfolio/detail/index?from=home&poCode=ZH015676&ts=5',
        'portfolioDetail',
      ],
      ['/alfa/portfolio/advisor-content', 'swan', '/subPkg/pages/portfolio/advisorContent/index?ts=5', 'advisorContent'],
      ['/pages/fund/index?fundCode=000001&ts=1', 'h5', '/alfa/fund/000001/detail?ts=5', 'fund'],
      ['/pages/fund/index?fundCode=000001', 'weapp', '/pages/fund/index?fundCode=000001&ts=5', 'fund'],
      ['/subPkg/pages/article/index?articleId=A10001', 'weapp', '/subPkg/pages/article/index?articleId=A10001&ts=5', 'article'],
      ['/subPkg/pages/live/index', 'h5', '/subPkg/pages/live/index?ts=5', 'live'],
      ['/n/user/login', 'h5', '/user/signup?ts=5', 'login'],
      ['/pages/nothing/index', 'weapp', '/pages/notFound/index?ts=5', 'notFound'],
      // the product's own urls: spec section 2's in-mini-program pages, other app paths, its articles
      ['https://m.alfa.example/pages/fund/index?fundCode=000001', 'weapp', '/pages/fund/index?fundCode=000001&ts=5', 'fund'],
      ['https://www.alfa.example/subPkg/pages/search/index', 'swan', '/subPkg/pages/search/index?ts=5', 'search'],
      [
        'https://www.alfa.example/alfa/portfolio/ZH015676',
        'weapp',
        '/subPkg/pages/portfolio/entry/index?poCode=ZH015676&ts=5',
        'portfolioEntry',
      ],
      ['https://www.alfa.example/article/A10003', 'h5', '/subPkg/pages/article/index?articleId=A10003&ts=5', 'article'],
      ['/article/adjust-ZH015676-1', 'weapp', '/subPkg/pages/article/index?articleId=adjust-ZH015676-1&ts=5', 'article'],
    ] as const)('%s on %s → %s', (url, target, opened, route) => {
      expect(planLink(url, {}, rules({ target }))).toEqual({ kind: 'app', url: opened, route })
    })
    it('a partner’s /pages/ path is the partner’s page, not ours; a look-alike host is refused', () => {
      expect(planLink('https://partner.example/pages/fund/index', {}, rules())).toEqual(web('https://partner.example/pages/fund/index'))
      expect(planLink('https://evil.example/pages/fund/index?alfa.example', {}, rules()).kind).toBe('refused')
    })
    it('an unknown path of the product host is a web page of the product', () => {
      expect(planLink('https://www.alfa.example/about', {}, rules())).toEqual(web('https://www.alfa.example/about'))
    })
    it('reads path parameters and ignores a trailing slash', () => {
      expect(screenOfPath('/alfa/portfolio/ZH015676/aip-detail/AIP-1/')).toEqual({
        route: 'portfolioAipDetail',
        params: { poCode: 'ZH015676', sigId: 'AIP-1' },
      })
      expect(screenOfPath('/alfa/fund/intro/000001')?.route).toBe('fundIntro')
      expect(screenOfPath('/')?.route).toBe('home')
      expect(screenOfPath('/alfa/nothing/here/at/all')).toBeNull()
    })
  })
})

describe('a url parameter is read whether the host decoded it or not', () => {
  it.each([
    ['https://a.example/x?y=100%25', 'https://a.example/x?y=100%25'],
    [encodeURIComponent('https://a.example/x?y=100%25'), 'https://a.example/x?y=100%25'],
    [encodeURIComponent(encodeURIComponent('https://a.example/x')), 'https://a.example/x'],
    ['%2Falfa%2Ffund%2F000001', '/alfa/fund/000001'],
    [encodeURIComponent('javascript:alert(1)'), 'javascript:alert(1)'],
    ['%E4', '%E4'],
    [undefined, ''],
  ])('%j → %j', (raw, url) => expect(urlParam(raw)).toBe(url))
})

describe('openLink follows the plan', () => {
  const savedAllowed = externalHosts()
  const savedOwn = productHosts()
  beforeEach(() => {
    configureProductHosts(['alfa.example'])
    configureExternalHosts(['alfa.example', 'partner.example'])
  })
  afterEach(() => {
    configureExternalHosts(savedAllowed)
    configureProductHosts(savedOwn)
    user.logout()
    jest.restoreAllMocks()
  })
  function spyLocation() {
    const assign = jest.fn()
    const original = window.location
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } })
    return { assign, restore: () => Object.defineProperty(window, 'location', { configurable: true, value: original }) }
  }
  it('an app path navigates inside the app', () => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    openLink('/alfa/portfolio/ZH015676')
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(navigate.mock.calls[0][0].url).toMatch(/^\/alfa\/portfolio\/ZH015676\?ts=\d+$/)
  })
  it('an off-list url opens the refusal page with the address, never the address itself', () => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const location = spyLocation()
    try {
      expect(openLink('https://evil.example/steal').kind).toBe('refused')
      expect(location.assign).not.toHaveBeenCalled()
      expect(navigate).toHaveBeenCalledTimes(1)
      const opened = navigate.mock.calls[0][0].url
      expect(opened).toMatch(/^\/subPkg\/pages\/externalLink\/index\?url=https%3A%2F%2Fevil\.example%2Fsteal&ts=\d+$/)
    } finally {
      location.restore()
    }
  })
  it('H5 in a mini-program’s web-view: an app page opens as the mini-program’s page, through the bridge', async () => {
    const realUa = navigator.userAgent
    Object.defineProperty(window.navigator, 'userAgent', {
      configurable: true,
      value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50 miniProgram',
    })
    const miniNavigate = jest.fn((o: { url: string; success?: () => void }) => o.success?.())
    ;(window as unknown as { wx?: unknown }).wx = {
      config: jest.fn(),
      ready: jest.fn(),
      error: jest.fn(),
      miniProgram: { navigateTo: miniNavigate },
    }
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    try {
      openLink('https://m.alfa.example/alfa/fund/000001')
      await new Promise((r) => setTimeout(r, 0))
      expect(miniNavigate).toHaveBeenCalledTimes(1)
      expect(miniNavigate.mock.calls[0][0].url).toMatch(/^\/subPkg\/pages\/fundEntry\/index\?fundCode=000001&ts=\d+$/)
      expect(navigate).not.toHaveBeenCalled()
    } finally {
      Object.defineProperty(window.navigator, 'userAgent', { configurable: true, value: realUa })
      delete (window as unknown as { wx?: unknown }).wx
    }
  })
  it('an allowed url opens in the same tab on H5, with the token only on the product’s host', () => {
    jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    user.restore('a.b.c')
    const location = spyLocation()
    try {
      openLink('https://partner.example/p', { auth: true })
      openLink('https://trade.alfa.example/p', { auth: true })
      expect(location.assign.mock.calls).toEqual([['https://partner.example/p'], ['https://trade.alfa.example/p?access_token=a.b.c']])
    } finally {
      location.restore()
    }
  })
})
