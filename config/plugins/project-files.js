// @ts-check
// The root project files point the devtools at dist/<target>/; the copies Taro writes into the
// build folder must point at the build folder itself, so QA can import either.
const fs = require('node:fs')
const path = require('node:path')

/** @param {import('@tarojs/service').IPluginContext} ctx */
module.exports = (ctx) => {
  ctx.onBuildComplete(() => {
    if (process.env.TARO_ENV !== 'swan') return
    const file = path.join(ctx.paths.outputPath, 'project.swan.json')
    if (!fs.existsSync(file)) return
    const json = JSON.parse(fs.readFileSync(file, 'utf8'))
    json.smartProgramRoot = './'
    delete json.miniprogramRoot
    fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`)
  })
}
