// @ts-check
// Taro's swan template of a <video>'s children writes `<ad s-if={{item.nn==='…'}}>` with the value
// unquoted (@tarojs/plugin-platform-swan, modifyLoopBody): quoted here, so every .swan of the build is
// well-formed (test/platform/swan-pages.js) whichever way Baidu's compiler reads unquoted values.
const fs = require('node:fs')
const path = require('node:path')

/**
 * A template's {{ }} attribute values written without quotes, quoted.
 * @param {string} text
 */
const quoteBindings = (text) => text.replace(/(\s[\w:-]+)=(\{\{[^"<>]*?\}\})(?=[\s/>])/g, '$1="$2"')

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
      const quoted = quoteBindings(text)
      if (quoted !== text) fs.writeFileSync(file, quoted)
    }
  })
}

module.exports.quoteBindings = quoteBindings
