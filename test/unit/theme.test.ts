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
  // The first scheme is the one read at start: matchMedia never reports it as a change.
  it('the first real change after the scheme read at start reloads, and each one after it', () => {
    const { host, change } = fakeHost('light')
    const store = new ThemeStore(host, true)
    store.start()
    expect(host.reload).not.toHaveBeenCalled()
    change('dark')
    expect(store.scheme).toBe('dark')
    expect(host.reload).toHaveBeenCalledTimes(1)
    change('light')
    expect(host.reload).toHaveBeenCalledTimes(2)
  })

  it('a host that reports the scheme already shown does not reload', () => {
    const { host, change } = fakeHost('dark')
    const store = new ThemeStore(host, true)
    store.start()
    change('dark')
    expect(host.reload).not.toHaveBeenCalled()
    change('light')
    expect(host.reload).toHaveBeenCalledTimes(1)
  })

  it('outside the native app no change reloads', () => {
    const { host, change } = fakeHost('light')
    const store = new ThemeStore(host, false)
    store.start()
    change('dark')
    change('light')
    expect(store.scheme).toBe('light')
    expect(host.reload).not.toHaveBeenCalled()
  })
})
