import { AsyncContent } from '@/components/AsyncContent'
import { LoadMore } from '@/components/LoadMore'
import TestUtils from '@tarojs/test-utils-react'

async function mount(ui: () => JSX.Element) {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const utils = new TestUtils()
  await utils.mount(ui as never, { container })
  return { utils, container }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('every data screen has a skeleton, an error state with retry and an empty state', () => {
  it('loading shows the skeleton, not the content', async () => {
    const { container } = await mount(() => <AsyncContent state='loading'>内容</AsyncContent>)
    expect(container.querySelector('.alfa-skeleton')).not.toBeNull()
    expect(container.textContent).not.toContain('内容')
  })

  it('error shows 加载失败 and the retry button calls back', async () => {
    const onRetry = jest.fn()
    const { utils, container } = await mount(() => <AsyncContent state='error' onRetry={onRetry} />)
    expect(container.textContent).toContain('加载失败')
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-empty__action') as HTMLElement)
    })
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('empty says what to do next', async () => {
    const { container } = await mount(() => <AsyncContent state='empty' emptyTitle='还没有自选基金' emptyDescription='去搜索添加吧' />)
    expect(container.textContent).toContain('还没有自选基金')
    expect(container.textContent).toContain('去搜索添加吧')
  })

  it('ready shows the content', async () => {
    const { container } = await mount(() => <AsyncContent state='ready'>内容</AsyncContent>)
    expect(container.textContent).toBe('内容')
  })
})

describe('a paged list footer', () => {
  it.each([
    ['more', '上拉加载更多'],
    ['loading', '正在加载'],
    ['noMore', '没有更多了'],
    ['error', '加载失败，点击重试'],
  ] as const)('%s reads %s', async (status, text) => {
    const { container } = await mount(() => <LoadMore status={status} />)
    expect(container.textContent).toBe(text)
  })

  it('tapping loads more only when there is more or after an error', async () => {
    const onLoad = jest.fn()
    for (const status of ['more', 'loading', 'noMore', 'error'] as const) {
      const { utils, container } = await mount(() => <LoadMore status={status} onLoad={onLoad} />)
      await utils.act(async () => {
        utils.fireEvent.click(container.querySelector('.alfa-load-more') as HTMLElement)
      })
    }
    expect(onLoad).toHaveBeenCalledTimes(2)
  })
})
