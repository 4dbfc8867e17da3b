// @ts-check
// Two flaws of Taro's Baidu templates (@tarojs/plugin-platform-swan), mended after each swan build:
// - Form's report-type falls back to `{{i.p2||default}}`: `default` unquoted is a reserved word,
//   not a string, in a binding (Textarea's confirm-type, beside it, is quoted: 'default');
// - a <video>'s children bind their condition unquoted (`<ad s-if={{item.nn==='10'}}>`, modifyLoopBody),
//   which an XML parser (and test/platform/swan-pages.js) refuses: {{ }} attribute values are quoted,
//   so every .swan of the build is well-formed whichever way Baidu's compiler reads unquoted values.
const fs = require('node:fs')
const path = require('node:path')

/**
 * A template's {{ }} attribute values written without quotes, quoted.
 * @param {string} text
 */
const quoteBindings = (text) => text.replace(/(\s[\w:-]+)=(\{\{[^"<>{}]*?\}\})(?=[\s/>])/g, '$1="$2"')

/**
 * A .swan with both mended; anything else is left as it is.
 * @param {string} text
 */
const mendSwanTemplate = (text) => quoteBindings(text.replace(/\|\|default\}\}"/g, "||'default'}}\""))

/**
 * @param {string} dir
 * @returns {string[]}
 */
function swanFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    return e.isDirectory() ? swanFiles(p) : e.name.endsWith('.swan') ? [p] : []
  })
}

/** @param {import('@tarojs/service').IPluginContext} ctx */
module.exports = (ctx) => {
  ctx.onBuildComplete(() => {
    if (process.env.TARO_ENV !== 'swan' || !fs.existsSync(ctx.paths.outputPath)) return
    for (const file of swanFiles(ctx.paths.outputPath)) {
      const text = fs.readFileSync(file, 'utf8')
      const mended = mendSwanTemplate(text)
      if (mended !== text) fs.writeFileSync(file, mended)
    }
  })
}

module.exports.quoteBindings = quoteBindings
module.exports.mendSwanTemplate = mendSwanTemplate
