import TestUtils from '@tarojs/test-utils-react'
import { Pending, type PendingProps } from '@/components/AsyncContent'
import * as navigation from '@/services/navigation'

const NOT_FOUND = { title: '某项不存在', description: '请返回上一页重新选择。' }

/** Mounts Pending with the given props; the container holds what it shows. */
async function mount(props: Omit<PendingProps, 'notFound'>) {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const utils = new TestUtils()
  await utils.mount((() => <Pending {...props} notFound={NOT_FOUND} />) as never, { container })
  const action = () => container.querySelector<HTMLElement>('.alfa-empty__action')
  return { utils, container, action }
}

afterEach(() => jest.restoreAllMocks())

describe('not found shows what is missing and a way back', () => {
  it('shows the title, the description and 返回, which goes back', async () => {
    const back = jest.spyOn(navigation, 'goBackOrHome').mockImplementation(() => Promise.resolve() as never)
    const { utils, container, action } = await mount({ state: 'notFound', onRetry: jest.fn() })
    expect(container.textContent).toContain('某项不存在')
    expect(container.textContent).toContain('请返回上一页重新选择。')
    expect(action()?.textContent).toBe('返回')
    await utils.act(async () => utils.fireEvent.click(action() as HTMLElement))
    expect(back).toHaveBeenCalledTimes(1)
  })
})

describe('an error shows a retry that calls onRetry', () => {
  it('shows 加载失败 and 重试 calls onRetry once', async () => {
    const onRetry = jest.fn()
    const { utils, container, action } = await mount({ state: 'error', onRetry })
    expect(container.textContent).toContain('加载失败')
    expect(container.textContent).not.toContain('某项不存在')
    expect(action()?.textContent).toBe('重试')
    await utils.act(async () => utils.fireEvent.click(action() as HTMLElement))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })
})

describe('loading shows the skeleton with the asked number of rows', () => {
  it('renders the skeleton and no action', async () => {
    const { container, action } = await mount({ state: 'loading', onRetry: jest.fn(), rows: 5 })
    expect(container.querySelector('.alfa-skeleton')).not.toBeNull()
    expect(container.querySelectorAll('.alfa-skeleton__block--row')).toHaveLength(5)
    expect(action()).toBeNull()
  })
  it('defaults to 8 rows', async () => {
    const { container } = await mount({ state: 'loading', onRetry: jest.fn() })
    expect(container.querySelectorAll('.alfa-skeleton__block--row')).toHaveLength(8)
  })
})
