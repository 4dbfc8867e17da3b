import TestUtils from '@tarojs/test-utils-react'
import Toast from '@/components/Toast'
import { LOADING_TEXT, TOAST_DURATION, TOAST_LONG_DURATION, ToastStore } from '@/services/toast'

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe('toast opens only if not already shown', () => {
  it('a second toast while one is shown is ignored', () => {
    const toast = new ToastStore()
    expect(toast.open('添加成功')).toBe(true)
    expect(toast.open('已取消')).toBe(false)
    expect(toast.content).toBe('添加成功')
  })
})

describe('toast sets the content and optionally the type', () => {
  it('plain toasts have type null', () => {
    const toast = new ToastStore()
    toast.open('已取消')
    expect([toast.show, toast.type, toast.content]).toEqual([true, null, '已取消'])
  })
})

describe('toast auto-closes after 1500 ms by default', () => {
  it('is there at 1499 ms and gone at 1500 ms', () => {
    const toast = new ToastStore()
    toast.open('添加成功')
    expect(TOAST_DURATION).toBe(1500)
    jest.advanceTimersByTime(1499)
    expect(toast.show).toBe(true)
    jest.advanceTimersByTime(1)
    expect(toast.show).toBe(false)
  })
  it('server-message and login-prompt toasts last 3000 ms', () => {
    const toast = new ToastStore()
    toast.open('服务器消息', { duration: TOAST_LONG_DURATION })
    jest.advanceTimersByTime(2999)
    expect(toast.show).toBe(true)
    jest.advanceTimersByTime(1)
    expect(toast.show).toBe(false)
  })
})

describe('a loading toast shows 正在加载 and stays until hidden', () => {
  it('defaults its text and never closes by itself', () => {
    const toast = new ToastStore()
    toast.loading()
    expect([toast.type, toast.content]).toEqual(['loading', LOADING_TEXT])
    expect(LOADING_TEXT).toBe('正在加载')
    jest.advanceTimersByTime(60000)
    expect(toast.show).toBe(true)
    toast.close()
    expect(toast.show).toBe(false)
  })
})

describe('closing clears type and content', () => {
  it('resets everything', () => {
    const toast = new ToastStore()
    toast.loading('提交中')
    toast.close()
    expect([toast.show, toast.type, toast.content]).toEqual([false, null, ''])
  })
  it('a closed toast can open again, and an early close cancels the old timer', () => {
    const toast = new ToastStore()
    toast.open('一')
    jest.advanceTimersByTime(1000)
    toast.close()
    toast.open('二')
    jest.advanceTimersByTime(1000)
    expect(toast.content).toBe('二')
  })
})

describe('the Toast component shows the store', () => {
  // Mounting waits on real timers; the store's timer is faked after the mount.
  beforeEach(() => jest.useRealTimers())
  it('renders the text and disappears with it', async () => {
    const store = new ToastStore()
    const container = document.createElement('div')
    document.body.appendChild(container)
    const utils = new TestUtils()
    await utils.mount((() => <Toast store={store} />) as never, { container })
    expect(container.querySelector('.alfa-toast')).toBeNull()
    jest.useFakeTimers()
    await utils.act(async () => {
      store.open('添加成功')
    })
    expect(container.querySelector('.alfa-toast')?.textContent).toBe('添加成功')
    await utils.act(async () => {
      jest.advanceTimersByTime(1500)
    })
    expect(container.querySelector('.alfa-toast')).toBeNull()
  })
  it('a loading toast shows a spinner', async () => {
    const store = new ToastStore()
    const container = document.createElement('div')
    document.body.appendChild(container)
    const utils = new TestUtils()
    await utils.mount((() => <Toast store={store} />) as never, { container })
    await utils.act(async () => {
      store.loading()
    })
    expect(container.querySelector('.alfa-toast__spinner')).not.toBeNull()
    expect(container.textContent).toBe('正在加载')
  })
})
