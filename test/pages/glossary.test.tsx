import * as graphql from '@/services/graphql'
import FundGlossaryPage from '@/subPkg/pages/fundGlossary/index'
import { filterTerms } from '@/features/glossary/GlossaryScreen'
import { renderPage, flush } from '../support/render'

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

const TERMS = [
  { termId: 'nav', term: '净值', initials: 'jz', definition: '每一份基金份额当天的价值。' },
  { termId: 'max-drawdown', term: '最大回撤', initials: 'zdhc', definition: '从高点到其后最低点的最大跌幅。' },
]

describe('fund glossary', () => {
  it('lists terms with definitions and filters by what the user types', async () => {
    jest.spyOn(graphql, 'execute').mockResolvedValue({ glossaryTerms: TERMS })
    const page = await renderPage(FundGlossaryPage, 'subPkg/pages/fundGlossary/index')
    await page.utils.act(flush)
    expect(page.text()).toContain('净值')
    expect(page.text()).toContain('最大跌幅')
    const input = page.container.querySelector('.alfa-search__input') as HTMLElement
    await page.utils.act(async () => {
      input.dispatchEvent(new CustomEvent('input', { detail: { value: 'zdhc' }, bubbles: true }))
    })
    expect(page.text()).toContain('最大回撤')
    expect(page.text()).not.toContain('每一份基金份额')
    await page.utils.act(async () => {
      input.dispatchEvent(new CustomEvent('input', { detail: { value: '没有的词' }, bubbles: true }))
    })
    expect(page.text()).toContain('没有找到这个术语')
  })
  it('matches names, initials and definitions, ignoring whitespace', () => {
    expect(filterTerms(TERMS, ' j z ').map((t) => t.term)).toEqual(['净值'])
    expect(filterTerms(TERMS, '跌幅').map((t) => t.term)).toEqual(['最大回撤'])
    expect(filterTerms(TERMS, '')).toHaveLength(2)
  })
})
