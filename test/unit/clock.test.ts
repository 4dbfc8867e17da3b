import { clockOffset, isClockRefusal, learnServerTime, resetClock, serverNow } from '@/services/clock'
import { userMessage } from '@/utils/userMessage'

describe('the server clock learned from Date headers', () => {
  afterEach(() => resetClock())

  it('a device an hour fast signs with the server’s time', () => {
    const device = Date.parse('2026-11-24T13:00:00.000Z')
    learnServerTime('Tue, 24 Nov 2026 12:00:00 GMT', device)
    // The header's whole second stands for the middle of that second.
    expect(clockOffset()).toBe(-60 * 60_000 + 500)
    expect(Math.abs(serverNow() - (Date.now() - 60 * 60_000))).toBeLessThan(1000)
  })

  it('a second or so is the header’s resolution and the trip, not a wrong clock', () => {
    learnServerTime(new Date(Date.now() - 1200).toUTCString())
    expect(clockOffset()).toBe(0)
  })

  it('a missing or unreadable header changes nothing', () => {
    learnServerTime('Tue, 24 Nov 2026 12:00:00 GMT', Date.parse('2026-11-24T13:00:00.000Z'))
    const before = clockOffset()
    learnServerTime(undefined)
    learnServerTime('yesterday')
    expect(clockOffset()).toBe(before)
  })

  it('only the server’s SIGN_EXPIRED refusal asks for a retry', () => {
    expect(isClockRefusal(400, { code: 400, msg: '…', data: { reason: 'SIGN_EXPIRED' } })).toBe(true)
    expect(isClockRefusal(400, { code: 400, msg: '…', data: { reason: 'SIGN_MISMATCH' } })).toBe(false)
    expect(isClockRefusal(401, { data: { reason: 'SIGN_EXPIRED' } })).toBe(false)
    expect(isClockRefusal(400, 'SIGN_EXPIRED')).toBe(false)
  })
})

describe('what users read for a failed call', () => {
  it('keeps a Chinese server message', () => expect(userMessage(400, '基金代码应为6位数字')).toBe('基金代码应为6位数字'))
  it.each([
    [404, 'Route not found', '请求的内容不存在'],
    [413, null, '请求内容过大'],
    [429, 'Too Many Requests', '操作太频繁，请稍后再试'],
    [500, 'HTTP 500', '服务器开小差了，请稍后再试'],
    [502, undefined, '服务器开小差了，请稍后再试'],
    [400, 'x-sign hash does not match its timestamp', '请求出错了，请稍后再试'],
  ])('HTTP %i with %p reads %p', (status, msg, shown) => expect(userMessage(status, msg)).toBe(shown))
})
