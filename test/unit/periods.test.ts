import path from 'node:path'
import { buildSchema, isEnumType, isObjectType } from 'graphql'
import { PERIOD_NAMES } from '@alfa/common/labels'
import {
  ALL_PERIOD_VALUES,
  fundPeriodOf,
  periodCode,
  periodName,
  periodOfFundPeriod,
  periodReturn,
  RETURN_PERIODS,
} from '@/services/periods'

const ROOT = path.resolve(__dirname, '../..')
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the server's CommonJS schema reader, shared with codegen
const { readSdl } = require(path.join(ROOT, 'server/src/graphql/sdl.cjs')) as { readSdl: () => string }

describe('one period vocabulary in the app, mapped to the server’s codes in one table', () => {
  it('a period is one name with its server code, its FundPeriod and its FundPeriodReturns field', () => {
    expect(periodCode('ONE_MONTH')).toBe('1M')
    expect(fundPeriodOf('ONE_MONTH')).toBe('M1')
    expect(periodReturn({ m1: '0.01', m3: null, m6: null, y1: '0.12', y3: null, ytd: null }, 'ONE_MONTH')).toBe('0.01')
    expect(periodOfFundPeriod('Y3')).toBe('THREE_YEAR')
    expect(periodName('ONE_YEAR')).toBe('近1年')
    expect(periodCode('TEN_YEAR')).toBe('TEN_YEAR')
    expect(periodName('Max')).toBe('成立以来')
  })

  it('every period has a Chinese name, and the return periods are the shorter spans and year-to-date', () => {
    for (const p of ALL_PERIOD_VALUES) expect(PERIOD_NAMES[periodCode(p)]).toBeTruthy()
    expect(RETURN_PERIODS).toEqual(['ONE_MONTH', 'THREE_MONTH', 'SIX_MONTH', 'ONE_YEAR', 'THREE_YEAR', 'YTD'])
  })

  it('the table covers the schema’s FundPeriod values and FundPeriodReturns fields exactly', () => {
    const schema = buildSchema(readSdl())
    const fundPeriod = schema.getType('FundPeriod')
    const returns = schema.getType('FundPeriodReturns')
    if (!isEnumType(fundPeriod) || !isObjectType(returns)) throw new Error('schema types missing')
    expect(RETURN_PERIODS.map(fundPeriodOf).sort()).toEqual(
      fundPeriod
        .getValues()
        .map((v) => v.name)
        .sort(),
    )
    const fields = Object.keys(returns.getFields()).filter((f) => f !== 'asOf')
    const row = Object.fromEntries(fields.map((f) => [f, f])) as never
    expect(RETURN_PERIODS.map((p) => periodReturn(row, p)).sort()).toEqual(fields.sort())
  })
})
