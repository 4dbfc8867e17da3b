import fs from 'node:fs'
import path from 'node:path'
import * as labels from '@alfa/common/labels'

const ROOT = path.resolve(__dirname, '../..')

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'generated' ? [] : sources(p)
    return /\.tsx?$/.test(e.name) ? [p] : []
  })
}

/** The shared tables (the three-level scale's 低 / 中 / 高 are too short to look for). */
const TABLES = {
  RISK_LEVEL_NAMES: labels.RISK_LEVEL_NAMES,
  MONEY_TYPE_NAMES: labels.MONEY_TYPE_NAMES,
  MOVEMENT_NAMES: labels.MOVEMENT_NAMES,
  FEE_MODE_NAMES: labels.FEE_MODE_NAMES,
  CONTENT_TYPE_NAMES: labels.CONTENT_TYPE_NAMES,
  FUND_CATEGORY_NAMES: labels.FUND_CATEGORY_NAMES,
  ASSET_CLASS_NAMES: labels.ASSET_CLASS_NAMES,
  PERIOD_NAMES: labels.PERIOD_NAMES,
}

describe('enum labels are written once, in common/labels.ts, for the app and the server', () => {
  it('no app or server file writes a copy of a shared table (every label of it as strings of its own)', () => {
    const tables = Object.entries(TABLES)
      .map(([name, table]) => [name, [...new Set(Object.values(table))]] as const)
      .filter(([, words]) => words.length >= 3)
    const copies = [...sources(path.join(ROOT, 'src')), ...sources(path.join(ROOT, 'server/src'))].flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8')
      const written = (w: string) => text.includes(`'${w}'`) || text.includes(`"${w}"`)
      return tables.filter(([, words]) => words.every(written)).map(([name]) => `${path.relative(ROOT, file)}: ${name}`)
    })
    expect(copies).toEqual([])
  })
})
