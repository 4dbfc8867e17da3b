import { mountComponent } from '../support/render'
import { PickButton, PickStore, groupStore } from '@/features/watchlist'
import * as login from '@/services/login'
import { setTransport, type HttpRequest, type HttpResponse } from '@/services/request'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import { liveToken } from '../support/services'

let calls: HttpRequest[] = []
let answer: (req: HttpRequest) => Promise<HttpResponse>
const okBody = (data: unknown): HttpResponse => ({ statusCode: 200, data: { code: 200, msg: 'ok', data }, header: {} })

beforeEach(() => {
  calls = []
  toast.close()
  answer = async (req) => okBody(req.url.includes('/list') ? { list: [] } : { op: 'add' })
  setTransport((req) => {
    calls.push(req)
    return answer(req)
  })
  user.restore(liveToken())
})

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

async function mount(ui: () => JSX.Element) {
  const { utils, container } = await mountComponent(ui)
  const button = () => container.querySelector('.alfa-pick') as HTMLElement
  const tap = () =>
    utils.act(async () => {
      utils.fireEvent.click(button())
    })
  return { utils, container, button, tap }
}

const batchCalls = () => calls.filter((c) => c.url.endsWith('/user-fund-picks/batch'))

describe('the pick button', () => {
  it('reads the picked state from the server and shows 已自选', async () => {
    answer = async () => okBody({ list: [{ fundCode: '000001' }] })
    const store = new PickStore()
    const { button, utils } = await mount(() => <PickButton fundCode='000001' store={store} />)
    await utils.act(async () => {
      await store.load()
    })
    expect(button().textContent).toBe('已自选')
    expect(button().getAttribute('aria-pressed')).toBe('true')
  })

  it('a tap adds: POST /user-fund-picks/batch op add, 已自选 at once, toast 添加成功', async () => {
    const { button, tap } = await mount(() => <PickButton fundCode='000001' store={new PickStore()} />)
    expect(button().textContent).toBe('+ 自选')
    await tap()
    expect(button().textContent).toBe('已自选')
    expect(batchCalls()).toHaveLength(1)
    expect(batchCalls()[0].data).toEqual({ fundCodes: ['000001'], op: 'add' })
    expect(toast.content).toBe('添加成功')
  })

  it('several codes go in one request', async () => {
    const { tap } = await mount(() => <PickButton fundCodes={['000001', '000002']} store={new PickStore()} />)
    await tap()
    expect(batchCalls()[0].data).toEqual({ fundCodes: ['000001', '000002'], op: 'add' })
  })

  it('while the request is pending, more taps send nothing', async () => {
    let release: () => void = () => undefined
    answer = async (req) => {
      if (req.url.includes('/batch'))
        await new Promise<void>((r) => {
          release = r
        })
      return okBody({ list: [] })
    }
    const { button, tap, utils } = await mount(() => <PickButton fundCode='000001' store={new PickStore()} />)
    await tap()
    await tap()
    await tap()
    expect(batchCalls()).toHaveLength(1)
    expect(button().textContent).toBe('已自选')
    expect(button().getAttribute('aria-busy')).toBe('true')
    await utils.act(async () => {
      release()
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(button().getAttribute('aria-busy')).toBe('false')
  })

  it('a failed request reverts silently: back to + 自选, no toast', async () => {
    answer = async (req) =>
      req.url.includes('/batch') ? { statusCode: 500, data: { code: 500, msg: '服务繁忙' }, header: {} } : okBody({ list: [] })
    const { button, tap } = await mount(() => <PickButton fundCode='000001' store={new PickStore()} />)
    await tap()
    expect(button().textContent).toBe('+ 自选')
    expect(toast.show).toBe(false)
  })

  it('a 401 logs out, starts login and reverts, with no toast', async () => {
    const startLogin = jest.spyOn(login, 'startLogin').mockResolvedValue('prompt')
    answer = async (req) =>
      req.url.includes('/batch') ? { statusCode: 401, data: { code: 401, msg: 'unauthorized' }, header: {} } : okBody({ list: [] })
    const { button, tap } = await mount(() => <PickButton fundCode='000001' store={new PickStore()} />)
    await tap()
    expect(user.isLogin).toBe(false)
    expect(startLogin).toHaveBeenCalled()
    expect(button().textContent).toBe('+ 自选')
    expect(toast.content).not.toBe('添加成功')
  })

  it('an anonymous user picks into the device’s own list (issue #25): no request, no login, 已自选 and 添加成功; a second tap takes it out', async () => {
    user.logout()
    const startLogin = jest.spyOn(login, 'startLogin').mockResolvedValue('prompt')
    const { button, tap } = await mount(() => <PickButton fundCode='000001' store={new PickStore()} />)
    await tap()
    expect(startLogin).not.toHaveBeenCalled()
    expect(batchCalls()).toHaveLength(0)
    expect(button().textContent).toBe('已自选')
    expect(toast.content).toBe('添加成功')
    expect(groupStore.devicePicks).toEqual(['000001'])
    await tap()
    expect(button().textContent).toBe('+ 自选')
    expect(groupStore.devicePicks).toEqual([])
  })

  it('no fund code: a tap does nothing', async () => {
    const { tap } = await mount(() => <PickButton fundCodes={[]} store={new PickStore()} />)
    await tap()
    expect(batchCalls()).toHaveLength(0)
  })
})
