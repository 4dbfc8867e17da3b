// @ts-check
// Mini-programs: the templates Taro writes (base.wxml / base.swan and the pages') are indented
// with a line break between every two tags, which WXML and Swan ignore; without it base.wxml is
// 1 KB and base.swan 2.5 KB smaller (the 450 KB main-package budget, ARCHITECTURE.md section 7).
// Only the white space between a tag's end and the next tag's start goes: templates carry their
// text in {{ }} expressions, never as literal text. (Taro's own minifyXML option rewrites
// `<input ... />` in a way WeChat's compiler refuses.)
const TEMPLATE = /\.(wxml|swan)$/

/**
 * A template without the white space between its tags.
 * @param {string} text
 */
function collapse(text) {
  return text.replace(/>\s+</g, '><').trim()
}

/** @param {import('@tarojs/service').IPluginContext} ctx */
module.exports = (ctx) => {
  if (process.env.TARO_ENV !== 'weapp' && process.env.TARO_ENV !== 'swan') return
  ctx.modifyBuildAssets(({ assets }) => {
    const { RawSource } = require('webpack').sources
    for (const name of Object.keys(assets)) {
      if (!TEMPLATE.test(name)) continue
      const text = assets[name].source().toString()
      const next = collapse(text)
      if (next !== text) assets[name] = new RawSource(next)
    }
  })
}

module.exports.collapse = collapse
