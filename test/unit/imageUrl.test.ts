import { imageSrc, resolveImageUrl, type ImageUrlOptions } from '@/services/imageUrl'
import { configureExternalHosts, externalHosts } from '@/services/external'

const AVATAR = '/alfa/static/demo/v1/avatar/manager-3.png'
const h5: ImageUrlOptions = { apiOrigin: '', sameOrigin: true, allowedHosts: ['alfa.example'] }
const mini: ImageUrlOptions = { apiOrigin: 'https://api.alfa-app.example', sameOrigin: false, allowedHosts: ['alfa.example'] }

describe('resolveImageUrl: which image urls an <Image> may load', () => {
  it('a host-relative path loads from the page origin on H5 and from the API origin on mini-programs', () => {
    expect(resolveImageUrl(AVATAR, h5)).toBe(AVATAR)
    expect(resolveImageUrl(AVATAR, mini)).toBe(`https://api.alfa-app.example${AVATAR}`)
    expect(resolveImageUrl(AVATAR, { ...mini, apiOrigin: 'https://api.alfa-app.example/' })).toBe(`https://api.alfa-app.example${AVATAR}`)
  })
  it('a host-relative path without a known API origin off H5 is null (nothing to load it from)', () => {
    expect(resolveImageUrl(AVATAR, { ...mini, apiOrigin: '' })).toBeNull()
  })
  it('absolute urls on the API origin or an allowed host pass, others are null', () => {
    expect(resolveImageUrl(`https://api.alfa-app.example${AVATAR}`, mini)).toBe(`https://api.alfa-app.example${AVATAR}`)
    expect(resolveImageUrl('http://127.0.0.1:3000/a.png', { ...mini, apiOrigin: 'http://127.0.0.1:3000' })).toBe(
      'http://127.0.0.1:3000/a.png',
    )
    expect(resolveImageUrl('https://img.alfa.example/a.png', mini)).toBe('https://img.alfa.example/a.png')
    expect(resolveImageUrl('https://static.alfa-fake.example/avatar/manager-3.png', mini)).toBeNull()
    expect(resolveImageUrl(`https://api.alfa-app.example:8443${AVATAR}`, mini)).toBeNull()
    expect(resolveImageUrl(`http://api.alfa-app.example${AVATAR}`, mini)).toBeNull()
    expect(resolveImageUrl('http://img.alfa.example/a.png', mini)).toBeNull()
  })
  it.each([
    [null],
    [undefined],
    [''],
    ['   '],
    ['//evil.example/a.png'],
    ['https://api.alfa-app.example@evil.example/a.png'],
    ['https://alfa.example@evil.example/a.png'],
    ['/alfa\\..\\x.png'],
    ['/alfa/static/a.png\u0000'],
    ['javascript:alert(1)'],
    ['data:image/png;base64,AAAA'],
    ['avatar.png'],
  ])('%p is null', (url) => {
    expect(resolveImageUrl(url, mini)).toBeNull()
    expect(resolveImageUrl(url, h5)).toBeNull()
  })
})

describe('imageSrc: this build (the H5 test runtime, API on the page origin) and the live allow-list', () => {
  const saved = externalHosts()
  afterEach(() => configureExternalHosts(saved))
  it('keeps the seeded host-relative paths and follows configureExternalHosts', () => {
    expect(imageSrc(AVATAR)).toBe(AVATAR)
    expect(imageSrc('https://cdn.partner.example/x.png')).toBeNull()
    configureExternalHosts(['partner.example'])
    expect(imageSrc('https://cdn.partner.example/x.png')).toBe('https://cdn.partner.example/x.png')
    expect(imageSrc(null)).toBeNull()
  })
})
