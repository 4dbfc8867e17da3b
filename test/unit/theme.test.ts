import { ThemeStore, type ColorScheme } from '@/platform/theme'

function fakeHost(initial: ColorScheme) {
  let listener: (s: ColorScheme) => void = () => undefined
  const host = {
    read: () => initial,
    watch: (cb: (s: ColorScheme) => void) => {
      listener = cb
    },
    reload: jest.fn(),
  }
  return { host, change: (s: ColorScheme) => listener(s) }
}

describe('dark mode follows the system setting', () => {
  it('starts from the system scheme and follows its changes', () => {
    const { host, change } = fakeHost('dark')
    const store = new ThemeStore(host, false)
    store.start()
    expect(store.scheme).toBe('dark')
    change('light')
    expect(store.scheme).toBe('light')
    change('dark')
    expect(store.scheme).toBe('dark')
    expect(host.reload).not.toHaveBeenCalled()
  })

  it('start is idempotent', () => {
    const { host } = fakeHost('light')
    const watch = jest.spyOn(host, 'watch')
    const store = new ThemeStore(host, false)
    store.start()
    store.start()
    expect(watch).toHaveBeenCalledTimes(1)
  })
})

describe('in the native app, a change of colour scheme after the first one reloads the page', () => {
  it('the first change does not reload, the second does', () => {
    const { host, change } = fakeHost('light')
    const store = new ThemeStore(host, true)
    store.start()
    change('dark')
    expect(host.reload).not.toHaveBeenCalled()
    expect(store.scheme).toBe('dark')
    change('light')
    expect(host.reload).toHaveBeenCalledTimes(1)
  })
})
