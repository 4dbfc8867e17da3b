/* eslint-disable @typescript-eslint/no-require-imports */
import fs from 'node:fs'
import path from 'node:path'

const plugin = require('../../config/plugins/mini-a11y.js') as {
  ARIA_ATTRIBUTES: Record<string, string>
  ARIA_COMPONENTS: string[]
  rpxToRem: (rpx: number) => string
  fontSizesToRem: (css: string) => string
  withPageMeta: (wxml: string) => string
  pruneViewAttributes: (text: string) => string
  PAGE_META: string
}

// The mini-program module (jest, like the H5 build, would pick its .h5 twin).
const { ARIA_ATTRIBUTES, ARIA_COMPONENTS } = require('../../src/platform/a11yAttributes.ts') as typeof import('@/platform/a11yAttributes')

/** Every source file of the app, as text (the mini-programs' build reads these). */
function sources(dir: string): Array<[string, string]> {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e): Array<[string, string]> => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return sources(p)
    return /\.(ts|tsx)$/.test(e.name) && !/\.h5\.tsx?$/.test(e.name) ? [[p, fs.readFileSync(p, 'utf8')]] : []
  })
}

/** config/plugins/mini-a11y.js: ARIA in the mini-programs' templates, text in rem on WeChat. */
describe('mini-program accessibility build step', () => {
  it('declares the same ARIA attributes as the runtime (Taro numbers attributes by sorted name in both)', () => {
    expect(plugin.ARIA_ATTRIBUTES).toEqual(ARIA_ATTRIBUTES)
    expect(plugin.ARIA_COMPONENTS).toEqual(ARIA_COMPONENTS)
  })

  it('turns font sizes into rem of the standard 16 px at a 375 px screen, and leaves layout in rpx', () => {
    expect(plugin.rpxToRem(32)).toBe('1rem')
    expect(plugin.rpxToRem(25.34)).toBe('.792rem')
    expect(plugin.fontSizesToRem('.a{font-size:48rpx;line-height:64rpx;padding:8rpx}.b{font-size: 16rpx}')).toBe(
      '.a{font-size:1.5rem;line-height:64rpx;padding:8rpx}.b{font-size: .5rem}',
    )
    // The chart's CSS px (PX, kept by pxtransform) likewise: 11 px of the standard 16.
    expect(plugin.fontSizesToRem('.c{font-size:11PX;line-height:16PX}')).toBe('.c{font-size:.688rem;line-height:16PX}')
  })

  it("puts page-meta with the system root font size first in a page's template, after its import, once", () => {
    const page = '<import src="../../base.wxml"/><template is="taro_tmpl" data="{{root:root}}" />'
    const next = plugin.withPageMeta(page)
    expect(next).toBe(`<import src="../../base.wxml"/>${plugin.PAGE_META}<template is="taro_tmpl" data="{{root:root}}" />`)
    expect(plugin.PAGE_META).toContain('root-font-size="system"')
    expect(plugin.withPageMeta(next)).toBe(next)
  })

  it("drops the view templates' unused animation and hover attributes, not a button's", () => {
    const view =
      '<view hover-class="{{i.p1||\'none\'}}" hover-stop-propagation="{{xs.b(i.p4,!1)}}" hover-start-time="{{xs.b(i.p2,50)}}" hover-stay-time="{{xs.b(i.p3,400)}}" bindtouchstart="eh" animation="{{i.p0}}" bindanimationstart="eh" bindanimationiteration="eh" bindanimationend="eh" bindtransitionend="eh" aria-role="{{i.p6}}" style="{{i.st}}" bindtap="eh">'
    const button = '<button hover-class="{{i.p5||\'button-hover\'}}" hover-start-time="{{xs.b(i.p6,20)}}" bindtap="eh">'
    expect(plugin.pruneViewAttributes(view + button)).toBe(
      '<view bindtouchstart="eh" aria-role="{{i.p6}}" style="{{i.st}}" bindtap="eh">' + button,
    )
    // A view Baidu's base inlines into its parent binds `item.`.
    const inlined = `<view s-if="{{item.nn==='8'}}" hover-class="{{item.p2||'none'}}" hover-stay-time="{{xs.b(item.p4,400)}}" animation="{{item.p0}}" aria-role="{{item.p6}}">`
    expect(plugin.pruneViewAttributes(inlined)).toBe(`<view s-if="{{item.nn==='8'}}" aria-role="{{item.p6}}">`)
  })

  it('the app sets none of the dropped attributes on any component', () => {
    const dropped =
      /\b(hoverClass|hoverStopPropagation|hoverStartTime|hoverStayTime|animation|onAnimationStart|onAnimationIteration|onAnimationEnd|onTransitionEnd)=/
    const users = sources(path.join(__dirname, '..', '..', 'src'))
      .filter(([, text]) => dropped.test(text))
      .map(([file]) => file)
    expect(users).toEqual([])
  })
})
