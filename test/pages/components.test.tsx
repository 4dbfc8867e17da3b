import { mountComponent } from '../support/render'
import { AsyncContent } from '@/components/AsyncContent'
import { BarButton, BottomBar } from '@/components/BottomBar'
import { FigureGrid, SignedRate } from '@/components/Figure'
import { LoadMore } from '@/components/LoadMore'
import { Tabs } from '@/components/Tabs'

const mount = mountComponent

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

describe("a strip of tabs (taro-ui AtTabs' markup) picks one value", () => {
  const ITEMS = [
    { key: null, label: '全部' },
    { key: 'STOCK', label: '股票型' },
    { key: 'BOND', label: '债券型' },
  ]

  it("the value's tab is the active one; a tap reports that tab's key", async () => {
    const onChange = jest.fn()
    const { utils, container } = await mount(() => <Tabs items={ITEMS} value='STOCK' onChange={onChange} layout='scroll' />)
    const tabs = [...container.querySelectorAll('.alfa-tabs .at-tabs__item')]
    expect(tabs.map((t) => t.textContent)).toEqual(['全部', '股票型', '债券型'])
    expect(tabs.map((t) => t.className.includes('at-tabs__item--active'))).toEqual([false, true, false])
    expect(container.querySelector('.alfa-tabs--scroll')).not.toBeNull()
    await utils.act(async () => {
      utils.fireEvent.click(tabs[0])
    })
    expect(onChange).toHaveBeenCalledWith(null)
  })

  it('is a tab list to screen readers: each tab a tab, the active one selected', async () => {
    const { container } = await mount(() => <Tabs items={ITEMS} value='BOND' onChange={() => undefined} />)
    expect(container.querySelectorAll('.alfa-tabs [role="tablist"]')).toHaveLength(1)
    const tabs = [...container.querySelectorAll('.alfa-tabs .at-tabs__item')]
    expect(tabs.map((t) => t.getAttribute('role'))).toEqual(['tab', 'tab', 'tab'])
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true'])
  })
})

describe('a bar fixed to the bottom of the screen', () => {
  it('a spacer stands in the page before the bar, taller when the bar has a note', async () => {
    const { container } = await mount(() => (
      <BottomBar note='共 3 只基金符合条件'>
        <BarButton>查看结果</BarButton>
      </BottomBar>
    ))
    const spacer = container.querySelector('.alfa-bottom-bar__spacer')
    expect(spacer?.className).toContain('alfa-bottom-bar__spacer--note')
    expect(spacer?.nextElementSibling?.className).toContain('alfa-bottom-bar')
    expect(container.querySelector('.alfa-bottom-bar__note')?.textContent).toBe('共 3 只基金符合条件')
    const plain = await mount(() => (
      <BottomBar>
        <BarButton>保存筛选</BarButton>
      </BottomBar>
    ))
    expect(plain.container.querySelector('.alfa-bottom-bar__spacer')?.className).toContain('alfa-bottom-bar__spacer--actions')
  })

  it('a button calls back when tapped, a disabled one is dimmed and does not', async () => {
    const onClick = jest.fn()
    const { utils, container } = await mount(() => (
      <BottomBar>
        <BarButton className='on' onClick={onClick}>
          编辑
        </BarButton>
        <BarButton className='off' disabled onClick={onClick}>
          已保存到我的筛选
        </BarButton>
      </BottomBar>
    ))
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.off') as HTMLElement)
    })
    expect(onClick).not.toHaveBeenCalled()
    expect(container.querySelector('.off')?.getAttribute('aria-disabled')).toBe('true')
    expect(container.querySelector('.off')?.className).toContain('alfa-bar-button--off')
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.on') as HTMLElement)
    })
    expect(onClick).toHaveBeenCalledTimes(1)
  })
})

describe('one figure grid: figures three to a row, each above its label (a fund’s returns, a strategy’s showcases)', () => {
  it('draws each cell’s figure over its label, with the cell’s data attributes and the caller’s cell class', async () => {
    const cells = [
      { key: '1M', figure: <SignedRate value='0.0123' className='alfa-figures__value' />, label: '近1月', data: { 'data-period': '1M' } },
      { key: '1Y', figure: <SignedRate value='-0.05' className='alfa-figures__value' />, label: '近1年', data: { 'data-period': '1Y' } },
    ]
    const { container } = await mount(() => <FigureGrid cells={cells} cellClassName='alfa-fund-grid__cell' />)
    const shown = Array.from(container.querySelectorAll('.alfa-figures .alfa-figures__cell.alfa-fund-grid__cell'))
    expect(
      shown.map((c) => [
        c.getAttribute('data-period'),
        c.querySelector('.alfa-figures__value')?.textContent,
        c.querySelector('.alfa-figures__label')?.textContent,
      ]),
    ).toEqual([
      ['1M', '+1.23%', '近1月'],
      ['1Y', '-5.00%', '近1年'],
    ])
  })
})
