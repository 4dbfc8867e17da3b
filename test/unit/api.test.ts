import * as api from '@/services/api'
import { setTransport, type HttpRequest } from '@/services/request'

let calls: HttpRequest[] = []
beforeEach(() => {
  calls = []
  setTransport(async (req) => {
    calls.push(req)
    return { statusCode: 200, data: { code: 200, msg: 'ok', data: { echoed: true } }, header: {} }
  })
})

describe('the REST calls of spec section 7', () => {
  it.each([
    ['popular picks, size 6 by default', () => api.popularPicks(), 'GET', '/alfa/v1/user-fund-picks/popular?size=6', undefined],
    ['popular picks, another size', () => api.popularPicks(10), 'GET', '/alfa/v1/user-fund-picks/popular?size=10', undefined],
    [
      'batch add',
      () => api.batchPicks(['000001', '000002'], 'add'),
      'POST',
      '/alfa/v1/user-fund-picks/batch',
      { fundCodes: ['000001', '000002'], op: 'add' },
    ],
    [
      'batch remove',
      () => api.batchPicks(['000001'], 'remove'),
      'POST',
      '/alfa/v1/user-fund-picks/batch',
      { fundCodes: ['000001'], op: 'remove' },
    ],
    ['pick list', () => api.pickList(), 'GET', '/alfa/v1/user-fund-picks/list', undefined],
    ['manage order', () => api.managePickSeq(['2', '1']), 'POST', '/alfa/v1/user-fund-picks/manage-seq', { fundCodes: ['2', '1'] }],
    ['user info', () => api.userInfoDetail(), 'GET', '/alfa/v1/user/info/detail', undefined],
    ['fund info', () => api.fundInfo('000001'), 'GET', '/alfa/v1/fund/info/000001', undefined],
  ] as const)('%s', async (_, call, method, url, data) => {
    await expect(call()).resolves.toEqual({ echoed: true })
    expect(calls[0]).toMatchObject({ method, url })
    expect(calls[0].data).toEqual(data)
  })
  it('toggling a pick needs a non-empty fund list', async () => {
    await expect(api.batchPicks([], 'add')).rejects.toThrow('fundCodes must not be empty')
    expect(calls).toHaveLength(0)
  })
})
