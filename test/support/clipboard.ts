/** The browser's asynchronous clipboard (jsdom has none): what was written, in order; removed after the test. */
export function mockClipboard() {
  const writeText = jest.fn((_text: string) => Promise.resolve())
  Object.defineProperty(window.navigator, 'clipboard', { configurable: true, value: { writeText } })
  return writeText
}

afterEach(() => {
  Object.defineProperty(window.navigator, 'clipboard', { configurable: true, value: undefined })
})
