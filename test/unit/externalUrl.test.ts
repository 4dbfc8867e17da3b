import { isAllowedExternalUrl, isAppPath } from '@/utils/externalUrl'
import { canOpenExternal, configureExternalHosts, openExternal } from '@/services/external'

const hosts = ['alfa.example', 'partner.example']

describe('every external url the app opens must be on the allow-list', () => {
  it.each([
    ['https://alfa.example/a', true],
    ['https://m.alfa.example/a?x=1', true],
    ['https://partner.example:8443/p', true],
    ['https://evil.example/', false],
    ['https://alfa.example.evil.example/', false],
    ['https://evilalfa.example/', false],
    ['http://alfa.example/', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['https://alfa.example@evil.example/', false],
    ['https://evil.example\\@alfa.example/', false],
    ['//alfa.example/x', false],
    [' https://alfa.example/\n', true],
    ['https://alfa.example/\u0000', false],
    ['', false],
  ])('%s → %s', (url, ok) => expect(isAllowedExternalUrl(url, hosts)).toBe(ok))
  it('http only on loopback and only when allowed', () => {
    expect(isAllowedExternalUrl('http://localhost:3000/x', ['localhost'], { allowHttp: true })).toBe(true)
    expect(isAllowedExternalUrl('http://localhost:3000/x', ['localhost'])).toBe(false)
    expect(isAllowedExternalUrl('http://alfa.example/x', hosts, { allowHttp: true })).toBe(false)
  })
  it('app paths are not external', () => {
    expect(isAppPath('/alfa/fund/000001')).toBe(true)
    expect(isAppPath('//evil.example')).toBe(false)
    expect(isAppPath('https://alfa.example')).toBe(false)
  })
  it('the opener refuses urls off the list and opens those on it', () => {
    configureExternalHosts(hosts)
    const assign = jest.fn()
    const original = window.location
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } })
    try {
      expect(canOpenExternal('https://evil.example/')).toBe(false)
      expect(openExternal('https://evil.example/')).toBe(false)
      expect(assign).not.toHaveBeenCalled()
      expect(openExternal('https://m.alfa.example/page')).toBe(true)
      expect(assign).toHaveBeenCalledWith('https://m.alfa.example/page')
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original })
    }
  })
})
