import * as navigation from '@/services/navigation'
import ManagerPage from '@/pages/manager/index'
import Manager0008Page from '@/pages/manager0008/index'
import ManagerListPage from '@/subPkg/pages/managerList/index'
import { renderPage, flush, serveGraphql } from '../support/render'

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

const PROFILE = {
  managerId: 'M1001',
  managerName: '张伟',
  company: '易方达',
  intro: '张伟，12年证券从业经验。',
  isVerified: true,
  avatarUrl: null,
  isDemo: true,
  careerStart: '2014-03-01',
  tenureYears: '12.7',
  fundCount: 2,
  bestTenureReturn: '0.5321',
  managedFunds: [
    {
      tenureStart: '2018-01-02',
      tenureDays: 3193,
      tenureReturn: '0.5321',
      fund: { fundCode: '000001', fundName: '易方达消费股票', nav: '1.8765', navDate: '2026-09-30', categoryName: '股票型' },
    },
    {
      tenureStart: '2020-05-06',
      tenureDays: 2338,
      tenureReturn: '-0.1200',
      fund: { fundCode: '001932', fundName: '易方达纯债债券', nav: '1.0123', navDate: '2026-09-30', categoryName: '债券型' },
    },
  ],
}

describe('fund manager profile', () => {
  it('shows tenure, company, verified identity and each fund with tenure start, tenure return (red up, green down) and NAV', async () => {
    const execute = serveGraphql({ ManagerProfile: () => ({ fundManager: PROFILE }) })
    const page = await renderPage(ManagerPage, 'pages/manager/index', { fundManagerId: 'M1001' })
    await page.utils.act(flush)
    expect(execute.mock.calls[0][1]).toEqual({ managerId: 'M1001' })
    const text = page.text()
    for (const s of [
      '张伟',
      '已认证',
      '易方达',
      '12.7年',
      '2只',
      '易方达消费股票',
      '2018-01-02起',
      '+53.21%',
      '-12.00%',
      '1.8765',
      '演示数据',
    ])
      expect(text).toContain(s)
    const tones = [...page.container.querySelectorAll('.alfa-list__figure > [class^=alfa-tone]')].map((e) => e.className)
    expect(tones).toEqual(['alfa-tone--rise', 'alfa-tone--fall'])
  })
  it('an avatar is loaded only from an allowed host; otherwise the initial stands in', async () => {
    serveGraphql({ ManagerProfile: () => ({ fundManager: { ...PROFILE, avatarUrl: 'https://static.elsewhere.example/a.png' } }) })
    let page = await renderPage(ManagerPage, 'pages/manager/index', { fundManagerId: 'M1001' })
    await page.utils.act(flush)
    expect(page.container.querySelector('img')).toBeNull()
    expect(page.container.querySelector('.alfa-manager__avatar--initial')?.textContent).toBe('张')
    document.body.innerHTML = ''
    jest.restoreAllMocks()
    serveGraphql({ ManagerProfile: () => ({ fundManager: { ...PROFILE, avatarUrl: 'http://localhost/avatar/m1.png' } }) })
    page = await renderPage(ManagerPage, 'pages/manager/index', { fundManagerId: 'M1001' })
    await page.utils.act(flush)
    expect(page.container.querySelector('.alfa-manager__avatar--initial')).toBeNull()
    expect(page.container.querySelector('.alfa-manager__avatar')).not.toBeNull()
  })

  it('the seeded host-relative avatar path loads from the API origin; when it fails to load the initial stands in', async () => {
    serveGraphql({ ManagerProfile: () => ({ fundManager: { ...PROFILE, avatarUrl: '/alfa/static/demo/v1/avatar/manager-1.png' } }) })
    const page = await renderPage(ManagerPage, 'pages/manager/index', { fundManagerId: 'M1001' })
    await page.utils.act(flush)
    const avatar = page.container.querySelector('.alfa-manager__avatar') as HTMLElement
    expect(avatar.getAttribute('src')).toBe('/alfa/static/demo/v1/avatar/manager-1.png')
    expect(page.container.querySelector('.alfa-manager__avatar--initial')).toBeNull()
    await page.utils.act(async () => page.utils.fireEvent.error(avatar))
    expect(page.container.querySelector('.alfa-manager__avatar--initial')?.textContent).toBe('张')
  })

  it('tapping a fund opens its fund screen', async () => {
    serveGraphql({ ManagerProfile: () => ({ fundManager: PROFILE }) })
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const page = await renderPage(Manager0008Page, 'pages/manager0008/index', { fundManagerId: 'M1001' })
    await page.utils.act(flush)
    await page.utils.act(async () => page.utils.fireEvent.click(page.container.querySelector('.alfa-list__row') as HTMLElement))
    expect(nav).toHaveBeenCalledWith('fundEntry', { fundCode: '000001' })
  })
  it('an unknown id shows the not-found state', async () => {
    serveGraphql({ ManagerProfile: () => ({ fundManager: null }) })
    const page = await renderPage(ManagerPage, 'pages/manager/index', { fundManagerId: 'NOPE' })
    await page.utils.act(flush)
    expect(page.text()).toContain('未找到该基金经理')
  })
  it('a failed load shows the error with a retry that loads again', async () => {
    let calls = 0
    serveGraphql({ ManagerProfile: () => (++calls === 1 ? Promise.reject(new Error('network')) : { fundManager: PROFILE }) })
    const page = await renderPage(ManagerPage, 'pages/manager/index', { fundManagerId: 'M1001' })
    await page.utils.act(flush)
    expect(page.text()).toContain('加载失败')
    await page.utils.act(async () => page.utils.fireEvent.click(page.container.querySelector('.alfa-empty__action') as HTMLElement))
    await page.utils.act(flush)
    expect(page.text()).toContain('易方达消费股票')
  })
})

describe('more managers', () => {
  const row = (id: string, r: string | null) => ({
    managerId: id,
    managerName: `经理${id}`,
    company: '华夏',
    isVerified: false,
    tenureYears: '8.1',
    fundCount: 3,
    bestTenureReturn: r,
  })
  it('pages by pageInfo and toggles the sort direction', async () => {
    const execute = serveGraphql({
      ManagerList: (v) => {
        const page = v.page as { cursor: string | null }
        return {
          managerList: page.cursor
            ? { totalCount: 2, pageInfo: { cursor: null, hasMore: false }, list: [row('M2', null)] }
            : { totalCount: 2, pageInfo: { cursor: 'c1', hasMore: true }, list: [row('M1', '0.2')] },
        }
      },
    })
    const page = await renderPage(ManagerListPage, 'subPkg/pages/managerList/index')
    await page.utils.act(flush)
    expect(page.text()).toContain('经理M1')
    expect(page.text()).toContain('+20.00%')
    await page.utils.act(async () => page.utils.fireEvent.click(page.container.querySelector('.alfa-load-more') as HTMLElement))
    await page.utils.act(flush)
    expect(page.text()).toContain('经理M2')
    expect(page.text()).toContain('没有更多了')
    const tabs = page.container.querySelectorAll('.alfa-tabs .at-tabs__item')
    await page.utils.act(async () => page.utils.fireEvent.click(tabs[1]))
    await page.utils.act(flush)
    expect(execute.mock.calls.at(-1)?.[1]).toMatchObject({ sort: 'TENURE_RETURN', direction: 'reverse' })
    await page.utils.act(async () => page.utils.fireEvent.click(page.container.querySelectorAll('.alfa-tabs .at-tabs__item')[1]))
    await page.utils.act(flush)
    expect(execute.mock.calls.at(-1)?.[1]).toMatchObject({ sort: 'TENURE_RETURN', direction: 'normal' })
  })
})
