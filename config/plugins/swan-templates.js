// Two flaws of Taro's Baidu base template (@tarojs/plugin-platform-swan), mended after each swan
// build, for components the live screens use:
// - Form's report-type falls back to `{{i.p2||default}}`: `default` unquoted is a reserved word,
//   not a string, in a binding (Textarea's confirm-type, beside it, is quoted: 'default');
// - Video's children bind their condition unquoted (`s-if={{item.nn==='10'}}`), which an XML
//   parser (and test/platform/swan-pages.js) refuses: the value is quoted.
const fs = require('node:fs')
const path = require('node:path')

/** base.swan with both mended; anything else is left as it is. */
function mendSwanTemplate(text) {
  return text.replace(/\|\|default\}\}"/g, "||'default'}}\"").replace(/(\s[\w:-]+)=(\{\{[^"{}]*\}\})(?=[\s/>])/g, '$1="$2"')
}

module.exports = (ctx) => {
  ctx.onBuildComplete(() => {
    if (process.env.TARO_ENV !== 'swan') return
    const file = path.join(ctx.paths.outputPath, 'base.swan')
    if (!fs.existsSync(file)) return
    const text = fs.readFileSync(file, 'utf8')
    const mended = mendSwanTemplate(text)
    if (mended !== text) fs.writeFileSync(file, mended)
  })
}
module.exports.mendSwanTemplate = mendSwanTemplate
