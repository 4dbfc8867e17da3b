// H5: the public first-screen queries the server answers inside a page's HTML (common/firstAnswer.ts),
// written beside the build as first-answers.json from src/firstAnswers.ts: the query text is the
// build's own, so the server never answers a query the app would not ask.
import type { Compiler } from 'webpack'
import type { FirstAnswerRow } from '../../common/firstAnswer'

const FIRST_ANSWERS_FILE = 'first-answers.json' // common/firstAnswer.ts FIRST_ANSWERS_FILE (the server reads it)

export class FirstAnswersPlugin {
  constructor(private readonly rows: FirstAnswerRow[]) {}

  apply(compiler: Compiler) {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('FirstAnswersPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FirstAnswersPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        compilation.emitAsset(FIRST_ANSWERS_FILE, new sources.RawSource(JSON.stringify(this.rows, null, 1)))
      })
    })
  }
}
