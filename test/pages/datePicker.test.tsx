import { DatePicker } from '@/components/DatePicker'
import TestUtils from '@tarojs/test-utils-react'

async function mount(onChange: (d: string) => void) {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const utils = new TestUtils()
  const ui = () => (
    <DatePicker value='2026-01-05' start='2025-11-25' end='2026-11-24' onChange={onChange} label='买入日期'>
      <span>2026-01-05 ›</span>
    </DatePicker>
  )
  await utils.mount(ui as never, { container })
  return { utils, container, input: container.querySelector('input[type="date"]') as HTMLInputElement }
}

/** Types `value` into the native field as a browser would, then fires its change. */
function pick(utils: TestUtils, input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  setter.call(input, value)
  utils.fireEvent.change(input)
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('H5 date field: the browser’s own date picker over what the user reads', () => {
  it('shows the children and a date input with the range and the label', async () => {
    const { container, input } = await mount(jest.fn())
    expect(container.textContent).toContain('2026-01-05 ›')
    expect([input.value, input.min, input.max, input.getAttribute('aria-label')]).toEqual([
      '2026-01-05',
      '2025-11-25',
      '2026-11-24',
      '买入日期',
    ])
  })

  it('a date picked within the range is passed on; a cleared or out-of-range one is not', async () => {
    const onChange = jest.fn()
    const { utils, input } = await mount(onChange)
    await utils.act(async () => pick(utils, input, '2026-03-02'))
    await utils.act(async () => pick(utils, input, ''))
    await utils.act(async () => pick(utils, input, '2024-01-01'))
    await utils.act(async () => pick(utils, input, '2026-11-25'))
    expect(onChange.mock.calls).toEqual([['2026-03-02']])
  })
})
