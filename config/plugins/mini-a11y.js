// @ts-check
// Accessibility of the WeChat and Baidu builds (issue #24), done to Taro's templates and styles:
// - Names and roles: Taro writes into base.wxml / base.swan only the attributes its platform list
//   declares, and neither list has ARIA, so `role` / `aria-label` props were dropped. They are added
//   to view, text, button and image (every variant: static, catch, click), `role` written as WeChat's
//   `aria-role`. Taro numbers a component's attributes by sorted name (p0, p1...) in the build and
//   again in the runtime, so src/platform/a11yAttributes.ts adds the same two at run time.
// - Text size (WeChat): every font-size of the .wxss files becomes rem, and every page's template
//   starts with <page-meta root-font-size="system">, so 1rem is the user's WeChat font size. Layout
//   stays in rpx (screen width only). Baidu scales text by itself (fontSizeSetting, unless app.json
//   says textSizeAdjust: none), so its styles keep rpx.
// - Budget: the view templates carry Taro's animation attribute, its animation/transition events and
//   the hover-* attributes, which the app never uses (test/unit/miniA11y.test.ts checks src): they go,
//   which pays for the ARIA attributes in the 450 KB main package (ARCHITECTURE.md section 7).
const BASE_TEMPLATE = /(^|\/)base\.(wxml|swan)$/
/** A page's template renders Taro's root template (base.wxml and comp.wxml define or recurse). */
const PAGE_ROOT = '<template is="taro_tmpl"'

/** The ARIA props a mini-program template passes on (React prop name to Taro attribute config). */
const ARIA_ATTRIBUTES = { role: '', 'aria-label': '' }
const ARIA_COMPONENTS = ['View', 'Text', 'Button', 'Image']

/** CSS px per rem at the standard font setting, and the screen width rpx are converted at. */
const STANDARD_FONT_PX = 16
const REFERENCE_WIDTH_PX = 375

/**
 * `<n>rpx` of a font-size as rem: px at the reference width over the standard font size, 3 decimals.
 * @param {number} rpx
 */
function rpxToRem(rpx) {
  const rem = Math.round(((rpx * REFERENCE_WIDTH_PX) / 750 / STANDARD_FONT_PX) * 1000) / 1000
  return `${String(rem).replace(/^0\./, '.')}rem`
}

/**
 * CSS px (the chart's legend and tip, written PX so pxtransform keeps them) as rem of the standard size.
 * @param {number} px
 */
function pxToRem(px) {
  return `${String(Math.round((px / STANDARD_FONT_PX) * 1000) / 1000).replace(/^0\./, '.')}rem`
}

/**
 * A stylesheet with its font sizes in rem (only font-size declarations; layout keeps rpx / PX).
 * @param {string} css
 */
function fontSizesToRem(css) {
  return css.replace(
    /(font-size\s*:\s*)(\d*\.?\d+)(rpx|PX)\b/g,
    (_, prop, n, unit) => prop + (unit === 'rpx' ? rpxToRem(Number(n)) : pxToRem(Number(n))),
  )
}

const PAGE_META = '<page-meta root-font-size="system"/>'

/**
 * A page template that sets the page's rem to the user's WeChat font size (page-meta must be the
 * page's first node; an <import> is not a node).
 * @param {string} wxml
 */
function withPageMeta(wxml) {
  if (wxml.includes('<page-meta')) return wxml
  const imports = /^(\s*<import [^>]*\/>)*/.exec(wxml)?.[0] ?? ''
  return imports + PAGE_META + wxml.slice(imports.length)
}

/** Attributes of Taro's view templates the app never sets (see the header). */
// `i.` in a template, `item.` in the views Baidu's base inlines into its parent (flattenViewLevel).
const UNUSED_ATTRIBUTES = [
  /\sanimation="\{\{(i|item)\.p\d+\}\}"/g,
  /\sbind(animationstart|animationiteration|animationend|transitionend)="eh"/g,
  /\shover-class="\{\{(i|item)\.p\d+\|\|'none'\}\}"/g,
  /\shover-(stop-propagation|start-time|stay-time)="\{\{xs\.b\((i|item)\.p\d+,[^)]*\)\}\}"/g,
]

/**
 * base.wxml / base.swan without the attributes the app never uses, on <view> elements only (a
 * button's hover-class default is not 'none' and is kept).
 * @param {string} text
 */
function pruneViewAttributes(text) {
  return text.replace(/<view\s[^>]*>/g, (tag) => UNUSED_ATTRIBUTES.reduce((t, re) => t.replace(re, ''), tag))
}

/**
 * Taro's template (one per build) also declares the ARIA attributes, `role` written as `aria-role`.
 * @param {any} template a @tarojs/shared template instance
 * @param {{ helper: { recursiveMerge: (a: object, b: object) => void } }} ctx
 */
function addAriaAttributes(template, ctx) {
  if (template.__alfaAria) return
  template.__alfaAria = true
  ctx.helper.recursiveMerge(template.internalComponents, Object.fromEntries(ARIA_COMPONENTS.map((c) => [c, { ...ARIA_ATTRIBUTES }])))
  const replacePropName = template.replacePropName
  template.replacePropName = function (/** @type {string} */ name, /** @type {unknown[]} */ ...rest) {
    const next = replacePropName.call(this, name, ...rest)
    return next === 'role' ? 'aria-role' : next
  }
}

/** @param {import('@tarojs/service').IPluginContext} ctx */
module.exports = (ctx) => {
  const env = process.env.TARO_ENV
  if (env !== 'weapp' && env !== 'swan') return
  // The platform plugin merges its component list into the template as its setup closes; ours follows.
  const { BaseTemplate } = require('@tarojs/shared/dist/template')
  const mergeComponents = BaseTemplate.prototype.mergeComponents
  BaseTemplate.prototype.mergeComponents = function (/** @type {any} */ c, /** @type {Record<string, Record<string, string>>} */ patch) {
    mergeComponents.call(this, c, patch)
    addAriaAttributes(this, c)
  }
  ctx.modifyBuildAssets(({ assets }) => {
    const { RawSource } = require('webpack').sources
    for (const name of Object.keys(assets)) {
      const text = assets[name].source().toString()
      let next = text
      if (BASE_TEMPLATE.test(name)) next = pruneViewAttributes(text)
      else if (env === 'weapp' && name.endsWith('.wxss')) next = fontSizesToRem(text)
      else if (env === 'weapp' && name.endsWith('.wxml') && text.includes(PAGE_ROOT)) next = withPageMeta(text)
      if (next !== text) assets[name] = new RawSource(next)
    }
  })
}

module.exports.ARIA_ATTRIBUTES = ARIA_ATTRIBUTES
module.exports.ARIA_COMPONENTS = ARIA_COMPONENTS
module.exports.rpxToRem = rpxToRem
module.exports.fontSizesToRem = fontSizesToRem
module.exports.withPageMeta = withPageMeta
module.exports.pruneViewAttributes = pruneViewAttributes
module.exports.PAGE_META = PAGE_META
