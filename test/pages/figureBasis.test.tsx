import { ReturnsGrid } from '@/features/fund/performance/ReturnsGrid'
import { flush, mountComponent, serveGraphql } from '../support/render'

/**
 * 口径 (issue #25): a tap on a fund's period return opens the sheet of how it was computed — the
 * days and NAVs at both ends and the steps in words, as the server states them (FigureBasis).
 */
const BASIS = {
  figure: '1Y',
  label: '近1年',
  value: '0.1234',
  requestedStartDate: '2020-07-19',
  endUnits: '1.0512',
  steps: [
    '起点应为 2020-07-19，当天没有净值，取此前最近的净值日 2020-07-17。',
    '收益率 = 终点价值 ÷ 起点价值 − 1 = 复权净值 2.2000 ÷ 1.9582 − 1 = +12.34%。',
  ],
  start: { date: '2020-07-17', nav: '1.5000', accNav: '2.9000', adjNav: '1.9582' },
  end: { date: '2021-07-19', nav: '1.6000', accNav: '3.0500', adjNav: '2.2000' },
}

beforeEach(() => {
  jest.restoreAllMocks()
  document.body.innerHTML = ''
})

it('a tap on 近1年 asks how that figure was computed and shows the days, the NAVs and the steps; 知道了 closes it', async () => {
  const execute = serveGraphql({ FigureBasis: () => ({ fund: { fundCode: '270002', fundName: '广发稳健增长混合A', figureBasis: BASIS } }) })
  const items = [
    { period: '1M', label: '近1月', value: '0.0100' },
    { period: '1Y', label: '近1年', value: '0.1234' },
    { period: '5Y', label: '近5年', value: null },
  ]
  const { container, utils } = await mountComponent(() => <ReturnsGrid fundCode='270002' items={items} />)
  const cells = container.querySelectorAll('.alfa-figures__cell')
  expect(cells[1].getAttribute('role')).toBe('button')
  // Named by its own text (axe: the name holds what is seen), announced as opening a dialog.
  expect(cells[1].getAttribute('aria-label')).toBeNull()
  expect(cells[1].getAttribute('aria-haspopup')).toBe('dialog')
  expect(cells[2].getAttribute('role')).toBeNull() // no figure, nothing to explain
  await utils.act(async () => {
    utils.fireEvent.click(cells[1])
    for (let i = 0; i < 3; i++) await flush()
  })
  expect(execute).toHaveBeenCalledWith(expect.anything(), { fundCode: '270002', figure: '1Y' })
  const sheet = container.querySelector('.alfa-basis') as HTMLElement
  expect(sheet.getAttribute('aria-label')).toBe('近1年的计算口径')
  expect(sheet.querySelector('[data-point="起点"]')?.textContent).toBe('起点2020-07-171.50002.90001.9582')
  expect(sheet.querySelector('[data-point="终点"]')?.textContent).toBe('终点2021-07-191.60003.05002.2000')
  expect(sheet.textContent).toContain('取此前最近的净值日 2020-07-17')
  await utils.act(async () => {
    utils.fireEvent.click(sheet.querySelector('.alfa-basis__close') as HTMLElement)
  })
  expect(container.querySelector('.alfa-basis')).toBeNull()
})
