import path from 'node:path'
import { compile } from 'sass'
import DailyNavPage from '@/subPkg/pages/portfolio/dailyNav/index'
import { openPage } from '../support/render'

jest.mock('@/components/Chart', () => ({ ...jest.requireActual('@/components/Chart'), Chart: () => <div className='chart-stub' /> }))

/**
 * The stylesheets that colour a 日涨跌 cell, in the order the H5 build loads them: the figures'
 * tone rules (main chunk), then the record screens' own (the page's chunk, later, so it wins a tie).
 */
const SHEETS = ['src/components/Figure/index.scss', 'src/features/portfolio/records/index.scss']

interface Rule {
  selector: string
  color: string
  specificity: number
  order: number
}

/** Specificity of one selector as a single number (ids, classes/attributes/pseudo-classes, types). */
function specificity(selector: string): number {
  const ids = (selector.match(/#[\w-]+/g) ?? []).length
  const classes = (selector.match(/\.[\w-]+|\[[^\]]*\]|:(?!:)[\w-]+/g) ?? []).length
  const types = (selector.replace(/[#.:][\w-]+|\[[^\]]*\]/g, ' ').match(/(^|[\s>+~])[a-z][\w-]*/gi) ?? []).length
  return ids * 10000 + classes * 100 + types
}

/** Every rule of the compiled sheets that sets `color`, one per selector of its list. */
function colourRules(): Rule[] {
  const rules: Rule[] = []
  for (const file of SHEETS) {
    const style = document.createElement('style')
    style.textContent = compile(path.join(__dirname, '../..', file)).css
    document.head.appendChild(style)
    for (const rule of Array.from((style.sheet as CSSStyleSheet).cssRules)) {
      if (!(rule instanceof CSSStyleRule) || !rule.style.getPropertyValue('color')) continue
      for (const selector of rule.selectorText.split(','))
        rules.push({ selector: selector.trim(), color: rule.style.getPropertyValue('color'), specificity: 0, order: rules.length })
    }
    style.remove()
  }
  return rules.map((r) => ({ ...r, specificity: specificity(r.selector) }))
}

/** The `color` the cascade gives the element itself (highest specificity, then the later rule). */
function ownColour(el: Element, rules: Rule[]): Rule | undefined {
  return rules
    .filter((r) => el.matches(r.selector))
    .sort((a, b) => a.specificity - b.specificity || a.order - b.order)
    .pop()
}

const answer = (v: Record<string, unknown>) => ({
  portfolio: {
    poCode: 'ZH015676',
    poName: '全球多元配置',
    seriesType: null,
    ...(v.withChart ? { navHistory: { series: [] } } : {}),
    dailyNavs: {
      totalCount: 3,
      pageInfo: { cursor: null, hasMore: false },
      list: [
        { date: '2026-09-30', value: '1.0843', dailyReturn: '-0.006778' },
        { date: '2026-09-29', value: '1.0917', dailyReturn: '0.002479' },
        { date: '2026-09-28', value: '1.0890', dailyReturn: '0' },
      ],
    },
  },
})

describe('策略走势: the 日涨跌 column is red or green like every other rate', () => {
  it('each 日涨跌 cell has its tone class, and that tone rule sets its colour (no cell style overrides it)', async () => {
    const { container } = await openPage(
      DailyNavPage,
      'subPkg/pages/portfolio/dailyNav/index',
      { poCode: 'ZH015676' },
      { DailyNav: answer },
    )
    const rows = Array.from(container.querySelectorAll('.alfa-po-nav-table__row:not(.alfa-po-nav-table__row--head)'))
    // The figure in the third cell (inside its 口径 button where the day before is listed).
    const cells = rows.map((row) => row.querySelectorAll('.alfa-po-nav-table__cell')[2].querySelector('.alfa-num')!)
    expect(cells.map((c) => [c.textContent, c.className.match(/alfa-num--(up|down|flat)/)?.[1]])).toEqual([
      ['-0.68%', 'down'],
      ['+0.25%', 'up'],
      ['0.00%', 'flat'],
    ])
    const rules = colourRules()
    const colours = cells.map((c) => ownColour(c, rules))
    expect(colours.map((r) => r?.selector)).toEqual(['.alfa-num--down', '.alfa-num--up', '.alfa-num--flat'])
    expect(colours.map((r) => r?.color)).toEqual(['var(--alfa-negative)', 'var(--alfa-positive)', 'var(--alfa-text-3)'])
    // The date and NAV cells keep the text colour (from their row).
    const dateCell = rows[0].querySelectorAll('.alfa-po-nav-table__cell')[0]
    expect(ownColour(dateCell, rules)).toBeUndefined()
    expect(ownColour(rows[0], rules)?.color).toBe('var(--alfa-text)')
  })
})
