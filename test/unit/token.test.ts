import { base64UrlDecode, checkToken, decodeTokenPayload, tokenExpiresAt } from '@/utils/token'
import { makeToken } from '../support/services'

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

describe('token decoding', () => {
  it('decodes base64url (with - and _, without padding) to UTF-8', () => {
    expect(base64UrlDecode(b64url('{"name":"基金"}??>>'))).toBe('{"name":"基金"}??>>')
  })
  it('reads the payload and exp in seconds', () => {
    const token = makeToken({ sub: 'u1', exp: 2000000000 })
    expect(decodeTokenPayload(token)).toEqual({ sub: 'u1', exp: 2000000000 })
    expect(tokenExpiresAt(token)).toBe(2000000000000)
  })
})

describe('a token with a malformed shape is logged as invalid and yields null', () => {
  it.each([
    ['two parts', 'abc.def'],
    ['four parts', 'a.b.c.d'],
    ['an empty part', `${b64url('{}')}..sig`],
    ['an undecodable payload', 'aaa.!!!.sig'],
    ['a payload that is not JSON', `aaa.${b64url('not json')}.sig`],
    ['a payload that is not an object', `aaa.${b64url('42')}.sig`],
  ])('%s', (_, token) => {
    const log = jest.fn()
    expect(checkToken(token, Date.now(), log)).toBeNull()
    expect(log).toHaveBeenCalledWith(expect.stringContaining('invalid'))
  })
})

describe('an expired token is logged as invalid but still returned', () => {
  it('returns it and logs', () => {
    const token = makeToken({ exp: 1000 })
    const log = jest.fn()
    expect(checkToken(token, 1000 * 1000 + 1, log)).toBe(token)
    expect(log).toHaveBeenCalledWith(expect.stringContaining('expired'))
  })
  it('a live token is returned without a log', () => {
    const token = makeToken({ exp: 2000 })
    const log = jest.fn()
    expect(checkToken(token, 1000 * 1000, log)).toBe(token)
    expect(log).not.toHaveBeenCalled()
  })
  it('no token is simply null', () => {
    expect(checkToken(null)).toBeNull()
    expect(checkToken('')).toBeNull()
  })
})
