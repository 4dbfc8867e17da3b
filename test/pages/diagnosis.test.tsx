import * as graphql from '@/services/graphql'
import * as navigation from '@/services/navigation'
import DiagnosisPage from '@/pages/diagnosis/index'
import FundDiagnosisPage from '@/subPkg/pages/fundDiagnosis/index'
import { isFundCode, normaliseFundCode } from '@/features/diagnosis/DiagnosisEntry'
import { scoreTone } from '@/features/diagnosis/DiagnosisReport'
import { renderPage, flush } from '../support/render'

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

const dim = (key: string, name: string, score: number, level: string) => ({
  key,
  name,
  score,
  level,
  basis: `${name}依据`,
  explanation: `${name}解释。`,
})
const REPORT = {
  fundDiagnosis: {
    totalScore: 72,
    level: '良好',
    summary: '综合得分 72 分（良好）。收益能力表现最好，持有成本相对薄弱。',
    fromDate: '2023-09-29',
    toDate: '2026-09-30',
    isDemo: true,
    fund: { fundCode: '000001', fundName: '甲成长混合', categoryName: '混合型' },
    dimensions: [
      dim('returns', '收益能力', 88, '优秀'),
      dim('risk', '抗风险能力', 65, '良好'),
      dim('stability', '收益稳定性', 60, '良好'),
      dim('manager', '基金经理', 70, '良好'),
      dim('cost', '持有成本', 30, '较弱'),
    ],
  },
}

describe('fund diagnosis report', () => {
  it('shows the total, the five scores with explanations and the 演示数据 label', async () => {
    const execute = jest.spyOn(graphql, 'execute').mockResolvedValue(REPORT)
    const page = await renderPage(FundDiagnosisPage, 'subPkg/pages/fundDiagnosis/index', { fundCode: '000001' })
    await page.utils.act(flush)
    expect(execute.mock.calls[0][1]).toEqual({ fundCode: '000001' })
    for (const s of [
      '甲成长混合',
      '72',
      '良好',
      '收益能力',
      '88分',
      '抗风险能力',
      '收益稳定性',
      '基金经理',
      '持有成本',
      '持有成本解释。',
      '演示数据',
      '2023-09-29',
    ])
      expect(page.text()).toContain(s)
  })
  it('an unknown fund shows not-found with a way back to the diagnosis entry', async () => {
    jest.spyOn(graphql, 'execute').mockResolvedValue({ fundDiagnosis: null })
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const page = await renderPage(FundDiagnosisPage, 'subPkg/pages/fundDiagnosis/index', { fundCode: '999999' })
    await page.utils.act(flush)
    expect(page.text()).toContain('未找到该基金')
    await page.utils.act(async () => page.utils.fireEvent.click(page.container.querySelector('.alfa-empty__action') as HTMLElement))
    expect(nav).toHaveBeenCalledWith('diagnosis')
  })
})

describe('fund diagnosis entry', () => {
  it('picking a sample fund shows its summary and links to the full report', async () => {
    const execute = jest.spyOn(graphql, 'execute').mockResolvedValue(REPORT)
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const page = await renderPage(DiagnosisPage, 'pages/diagnosis/index')
    await page.utils.act(async () => page.utils.fireEvent.click(page.container.querySelector('.alfa-search__chip') as HTMLElement))
    await page.utils.act(flush)
    expect(execute.mock.calls[0][1]).toEqual({ fundCode: '000001' })
    expect(page.text()).toContain('综合得分 72 分')
    const chips = page.container.querySelectorAll('.alfa-search__chip')
    await page.utils.act(async () => page.utils.fireEvent.click(chips[chips.length - 1]))
    expect(nav).toHaveBeenCalledWith('fundDiagnosis', { fundCode: '000001' })
  })
  it('a code that is not six digits asks for one', async () => {
    const execute = jest.spyOn(graphql, 'execute')
    const page = await renderPage(DiagnosisPage, 'pages/diagnosis/index')
    await page.utils.act(async () => page.utils.fireEvent.click(page.container.querySelector('.alfa-diagnosis__go') as HTMLElement))
    expect(page.text()).toContain('请输入6位基金代码')
    expect(execute).not.toHaveBeenCalled()
  })
  it('codes ignore whitespace; scores tone good, fair and weak', () => {
    expect(isFundCode(normaliseFundCode(' 000 001 '))).toBe(true)
    expect(isFundCode('12345')).toBe(false)
    expect([scoreTone(80), scoreTone(50), scoreTone(39)]).toEqual(['good', 'fair', 'weak'])
  })
})
