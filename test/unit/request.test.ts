import { verifySign } from '@alfa/common/sign'
import { appEvents } from '@/services/events'
import {
  apiUrl,
  buildHeaders,
  FUND_TERMINATED_MSG,
  NETWORK_ERROR_TEXT,
  request,
  RequestError,
  requestId,
  setTransport,
  type HttpRequest,
  type HttpResponse,
} from '@/services/request'
import { toast } from '@/services/toast'
import { tracker } from '@/services/tracking'
import { user } from '@/services/user'
import { assignLocation } from '@/platform/web'
import { liveToken } from '../support/services'

jest.mock('@/platform/web', () => ({ ...jest.requireActual('@/platform/web'), assignLocation: jest.fn() }))

let calls: HttpRequest[] = []
function respond(res: Partial<HttpResponse> | Error) {
  setTransport(async (req) => {
    calls.push(req)
    if (res instanceof Error) throw res
    return { statusCode: 200, data: null, header: {}, ...res }
  })
}

beforeEach(() => {
  calls = []
  jest.useFakeTimers()
  toast.close()
  user.logout()
  ;(assignLocation as jest.Mock).mockClear()
})
afterEach(() => jest.useRealTimers())

describe('two API prefixes, each followed by a version (v1 default, v2 for the second)', () => {
  it('builds /alfa/v1 and /alfa-m/v2 urls', () => {
    expect(apiUrl('/user-fund-picks/popular')).toBe('/alfa/v1/user-fund-picks/popular')
    expect(apiUrl('/m4', { second: true })).toBe('/alfa-m/v2/m4')
    expect(apiUrl('m4/hand-picked', { second: true, version: 'v3' })).toBe('/alfa-m/v3/m4/hand-picked')
  })
  it('a request goes to its prefix with its query', async () => {
    respond({ data: { list: [] } })
    await request({ path: '/user-fund-picks/popular', query: { size: 6 } })
    await request({ path: '/m4/hand-picked', second: true })
    expect(calls.map((c) => c.url)).toEqual(['/alfa/v1/user-fund-picks/popular?size=6', '/alfa-m/v2/m4/hand-picked'])
  })
})

describe('headers: content-type, x-request-id, sensors-anonymous-id, x-sign, x-broker, and authorization when logged in', () => {
  it('anonymous requests carry no authorization', async () => {
    respond({ data: {} })
    await request({ path: '/user/ab-test' })
    const h = calls[0].header
    expect(h['content-type']).toBe('application/json')
    expect(h['x-request-id']).toMatch(/^zeus\.[0-9a-f]{32}$/)
    expect(h['sensors-anonymous-id']).toBe(tracker.anonymousId)
    expect(verifySign(h['x-sign'])).toMatchObject({ ok: true })
    expect(h['x-broker']).toBe('0008')
    expect(h.authorization).toBeUndefined()
  })
  it('logged-in requests carry the bearer token', async () => {
    const token = liveToken()
    user.login(token)
    respond({ data: {} })
    await request({ path: '/user/info/detail' })
    expect(calls[0].header.authorization).toBe(`Bearer ${token}`)
  })
  it('request id: zeus. and a hash of the url, or 20 uppercase characters', () => {
    expect(requestId('/a', 'GET')).toBe(requestId('/a', 'GET'))
    expect(requestId('/a', 'GET')).not.toBe(requestId('/b', 'GET'))
    expect(requestId('/a', 'POST')).toMatch(/^[A-Z]{20}$/)
    expect(buildHeaders({ url: '/x', method: 'POST', token: null, anonymousId: 'anon', broker: '0009' })).toMatchObject({
      'x-broker': '0009',
      'sensors-anonymous-id': 'anon',
    })
  })
  it('POST sends the JSON body', async () => {
    respond({ data: { ok: true } })
    await request({ path: '/user-fund-picks/batch', method: 'POST', data: { fundCodes: ['000001'], op: 'add' } })
    expect(calls[0]).toMatchObject({ method: 'POST', data: { fundCodes: ['000001'], op: 'add' } })
    expect(calls[0].header['x-request-id']).toMatch(/^[A-Z]{20}$/)
  })
})

describe('HTTP 200 is success', () => {
  it("resolves with the data of the server's {code, msg, data} envelope", async () => {
    respond({ data: { code: 200, msg: 'ok', data: [{ fundCode: '000001' }] } })
    await expect(request({ path: '/user-fund-picks/popular' })).resolves.toEqual([{ fundCode: '000001' }])
    await expect(request({ path: '/user-fund-picks/popular', raw: true })).resolves.toEqual({
      code: 200,
      msg: 'ok',
      data: [{ fundCode: '000001' }],
    })
  })
  it('resolves with the body, parsed when it is text', async () => {
    respond({ data: '{"appId":"wx1"}' })
    await expect(request({ path: '/utils/wechat-req', query: { url: 'https://x' } })).resolves.toEqual({ appId: 'wx1' })
    expect(toast.show).toBe(false)
  })
})

describe('HTTP 401 clears the token and stored token, logs out, removes the accessToken cookie, rejects with no toast and starts login', () => {
  it('does all of it', async () => {
    const token = liveToken()
    user.login(token)
    document.cookie = 'accessToken=abc; path=/'
    expect(localStorage.getItem('access_token')).not.toBeNull()
    respond({ statusCode: 401, data: { code: 401, msg: '请先登录' } })
    const p = request({ path: '/user/info/detail' })
    await expect(p).rejects.toMatchObject({ kind: 'unauthorized', status: 401 })
    expect(user.token).toBeNull()
    expect(user.isLogin).toBe(false)
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(document.cookie).not.toContain('accessToken=')
    expect(toast.show).toBe(false)
    // jsdom is on localhost, a main host: login starts at the signup page with a back address.
    await jest.runAllTimersAsync()
    expect(assignLocation).toHaveBeenCalledWith(`/user/signup?back=${encodeURIComponent(window.location.href)}`)
  })
})

describe('other HTTP statuses show the server msg as a toast for 3 seconds unless suppressed, then reject', () => {
  it('toasts msg for 3000 ms', async () => {
    respond({ statusCode: 400, data: { code: 400, msg: 'fundCodes 不能为空' } })
    await expect(request({ path: '/user-fund-picks/batch', method: 'POST', data: { fundCodes: [] } })).rejects.toMatchObject({
      kind: 'http',
      status: 400,
    })
    expect(toast.content).toBe('fundCodes 不能为空')
    jest.advanceTimersByTime(2999)
    expect(toast.show).toBe(true)
    jest.advanceTimersByTime(1)
    expect(toast.show).toBe(false)
  })
  it('no toast when suppressed', async () => {
    respond({ statusCode: 500, data: { code: 500, msg: 'Internal server error' } })
    await expect(request({ path: '/asset/detail', suppressToast: true })).rejects.toBeInstanceOf(RequestError)
    expect(toast.show).toBe(false)
  })
})

describe('a network error shows the toast 请检查网络连接', () => {
  it('toasts and rejects', async () => {
    respond(new Error('Failed to fetch'))
    await expect(request({ path: '/user/ab-test' })).rejects.toMatchObject({ kind: 'network' })
    expect(toast.content).toBe(NETWORK_ERROR_TEXT)
    expect(NETWORK_ERROR_TEXT).toBe('请检查网络连接')
  })
  it('no toast when suppressed (a pick is reverted silently, spec section 8)', async () => {
    respond(new Error('Failed to fetch'))
    await expect(request({ path: '/user-fund-picks/batch', method: 'POST', suppressToast: true })).rejects.toMatchObject({
      kind: 'network',
    })
    expect(toast.show).toBe(false)
  })
})

describe('the terminated-fund message on fund info fires a fund-stopped event, no toast', () => {
  it.each([410, 200])('with status %i', async (statusCode) => {
    const stopped = jest.fn()
    const off = appEvents.on('fundStopped', stopped)
    respond({ statusCode, data: { code: statusCode, msg: FUND_TERMINATED_MSG } })
    await expect(request({ path: '/fund/info/000123' })).rejects.toMatchObject({ kind: 'fundStopped' })
    expect(stopped).toHaveBeenCalledWith({ fundCode: '000123', msg: FUND_TERMINATED_MSG })
    expect(toast.show).toBe(false)
    off()
  })
  it('the same message on another call is a plain error toast', async () => {
    const stopped = jest.fn()
    const off = appEvents.on('fundStopped', stopped)
    respond({ statusCode: 400, data: { msg: FUND_TERMINATED_MSG } })
    await expect(request({ path: '/asset/detail' })).rejects.toMatchObject({ kind: 'http' })
    expect(stopped).not.toHaveBeenCalled()
    expect(toast.content).toBe(FUND_TERMINATED_MSG)
    off()
  })
})
