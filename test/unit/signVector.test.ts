import { createSign, verifySign } from '@alfa/common/sign'
import { buildHeaders } from '@/services/request'

/**
 * The x-sign wire format pinned by fixed vectors (spec section 7: a millisecond timestamp followed
 * by 32 uppercase hash characters of a scaled timestamp; server/README.md: the first 32 hex of
 * sha256(floor(1.01 × timestamp)), uppercase). Worked out apart from our code, in a shell:
 *   ts=1732528800123; s=$(( ts * 101 / 100 ))        # 1749854088124
 *   printf '%s' $s | sha256sum | cut -c1-32 | tr a-f A-F
 *   (1732528800189: s = 1749854088190, floor of …190.89, not rounded; 1700000000000: s = 1717000000000)
 */
const VECTORS: Array<[number, string]> = [
  [1732528800123, '1732528800123108A0C31BE05B91BBFEE850894032091'],
  [1732528800189, '17325288001891F6282884D77F349CE7D3EDBECEAB743'],
  [1700000000000, '1700000000000BA0682252B28ECDF3DFCF3797832C6EE'],
]

describe('x-sign test vectors', () => {
  it.each(VECTORS)('createSign(%d) is the fixed vector', (ts, sign) => expect(createSign(ts)).toBe(sign))

  it.each(VECTORS)('the app’s request headers carry the vector at %d', (ts, sign) => {
    const h = buildHeaders({ url: '/alfa/v1/user/ab-test', method: 'GET', token: null, anonymousId: 'a', broker: '0008', now: ts })
    expect(h['x-sign']).toBe(sign)
  })

  it.each(VECTORS)('the server check accepts the vector at %d and refuses it altered', (ts, sign) => {
    expect(verifySign(sign, ts)).toEqual({ ok: true, timestamp: ts })
    expect(verifySign(sign, ts + 5 * 60_000)).toEqual({ ok: true, timestamp: ts })
    const flipped = sign.slice(0, -1) + (sign.endsWith('0') ? '1' : '0')
    expect(verifySign(flipped, ts)).toMatchObject({ ok: false, code: 'SIGN_MISMATCH' })
    expect(verifySign(sign.toLowerCase(), ts)).toMatchObject({ ok: false, code: 'SIGN_FORMAT' })
    // The hash belongs to its timestamp: the same hash under the next millisecond is refused.
    expect(verifySign(`${ts + 1}${sign.slice(String(ts).length)}`, ts)).toMatchObject({ ok: false, code: 'SIGN_MISMATCH' })
  })
})
