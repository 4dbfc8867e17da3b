import Taro from '@tarojs/taro'
import { HOME_ENTRIES } from '@/features/home'
import HomePage from '@/pages/home/index'
import NotFoundPage from '@/pages/notFound/index'
import { renderPage } from '../support/render'

afterEach(() => {
  jest.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('the 404 page shows 页面不存在 with a way home', () => {
  it('renders the message and the 返回首页 button, which relaunches home', async () => {
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockImplementation(() => Promise.resolve() as never)
    const { utils, text, container } = await renderPage(NotFoundPage, '/pages/notFound/index')
    expect(text()).toContain('页面不存在')
    const button = container.querySelector('.alfa-empty__action') as HTMLElement
    expect(button.textContent).toBe('返回首页')
    await utils.act(async () => {
      utils.fireEvent.click(button)
    })
    expect(reLaunch).toHaveBeenCalledWith({ url: expect.stringMatching(/^\/pages\/home\/index\?ts=\d+$/) })
  })
})

describe('the home page lists its entries and navigates with ts', () => {
  it('taps an entry', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockImplementation(() => Promise.resolve() as never)
    const { utils, container } = await renderPage(HomePage, '/pages/home/index')
    const tiles = container.querySelectorAll('.alfa-home__entry')
    expect(tiles).toHaveLength(HOME_ENTRIES.length)
    expect(container.textContent).toContain('我的自选')
    const watchlist = [...tiles].find((t) => t.textContent === '自我的自选') as HTMLElement
    await utils.act(async () => {
      utils.fireEvent.click(watchlist)
    })
    expect(navigateTo).toHaveBeenCalledWith({ url: expect.stringMatching(/^\/pages\/favourites\/index\?ts=\d+$/) })
  })
})

describe('the navigation bar', () => {
  it('on home offers no home button (nothing to go back to, already home)', async () => {
    const { container } = await renderPage(HomePage, '/pages/home/index')
    expect(container.querySelector('.alfa-navbar__title')?.textContent).toBe('Alfa 基金')
    expect(container.querySelector('.alfa-navbar__action[aria-label]')).toBeNull()
  })

  it('on a deep-linked screen offers the home button', async () => {
    const { container } = await renderPage(NotFoundPage, '/pages/notFound/index')
    expect(container.querySelector('.alfa-navbar__action[aria-label="首页"]')).not.toBeNull()
  })
})
