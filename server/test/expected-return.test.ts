import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { loadConfig } from '../src/config'
import { assetClassReturns, expectedAnnualReturn, expectedReturnBasis, parseAssetClassReturns } from '../src/portfolio/expected'

describe('预期年化收益 from the asset mix (portfolio/expected.ts)', () => {
  it('weights each asset class’s long-run return by the composition: defaults EQUITY 8%, FIXED_INCOME 3.5%, CASH 2%, OVERSEA 7%, COMMODITY 4%', () => {
    // 0.35 × 8% (MIXED) + 0.35 × 3.5% (BOND) + 0.2 × 7% (QDII) + 0.1 × 4% (GOLD) = 2.8 + 1.225 + 1.4 + 0.4 = 5.825%.
    const mix = [
      { fundCategory: 'MIXED', weight: 0.35 },
      { fundCategory: 'BOND', weight: 0.35 },
      { fundCategory: 'QDII', weight: 0.2 },
      { fundCategory: 'GOLD', weight: 0.1 },
    ]
    assert.equal(expectedAnnualReturn(mix).toFixed(6), '0.058250')
    // A money-market strategy expects cash's 2%, not a 1% floor or its history.
    assert.equal(expectedAnnualReturn([{ fundCategory: 'MONEY', weight: 1 }]).toFixed(6), '0.020000')
    assert.equal(
      expectedAnnualReturn([
        { fundCategory: 'STOCK', weight: 0.7 },
        { fundCategory: 'INDEX', weight: 0.3 },
      ]).toFixed(6),
      '0.080000',
    )
  })

  it('takes the returns from ASSET_CLASS_RETURNS, a class not named keeping its default', () => {
    const returns = assetClassReturns({ ASSET_CLASS_RETURNS: 'EQUITY=0.06, CASH=0.015' })
    assert.deepEqual(returns, { EQUITY: 0.06, FIXED_INCOME: 0.035, CASH: 0.015, OVERSEA: 0.07, COMMODITY: 0.04 })
    // 0.5 × 6% + 0.5 × 1.5% = 3.75%.
    const mix = [
      { fundCategory: 'STOCK', weight: 0.5 },
      { fundCategory: 'MONEY', weight: 0.5 },
    ]
    assert.equal(expectedAnnualReturn(mix, returns).toFixed(6), '0.037500')
  })

  it('the figure is the sum of the parts its 口径 sheet shows, to the millionth (one function makes both)', () => {
    // 0.1234565 × 8% + 0.8765435 × 3.5% = 0.04055555…, 0.040556 unrounded; the parts as shown (weights 0.123456 and 0.876544): 0.009876 + 0.030679 = 0.040555.
    const mix = [
      { fundCategory: 'STOCK', weight: 0.1234565 },
      { fundCategory: 'BOND', weight: 0.8765435 },
    ]
    const parts = expectedReturnBasis(mix)
    const shown = parts.reduce((a, x) => a + Math.round(Number(x.contribution) * 1e6), 0)
    assert.equal(Math.round(expectedAnnualReturn(mix) * 1e6), shown, JSON.stringify(parts))
    assert.equal(expectedAnnualReturn(mix).toFixed(6), '0.040555')
    // A category without an asset class is refused by both alike.
    assert.throws(() => expectedReturnBasis([{ fundCategory: 'NOPE', weight: 1 }]), /NOPE has no asset class/)
    assert.throws(() => expectedAnnualReturn([{ fundCategory: 'NOPE', weight: 1 }]), /NOPE has no asset class/)
  })

  it('a bad ASSET_CLASS_RETURNS is refused at start, saying why', () => {
    assert.equal(parseAssetClassReturns('EQUITY=8%'), '"EQUITY=8%" is not CLASS=rate (e.g. EQUITY=0.08)')
    assert.match(parseAssetClassReturns('STOCKS=0.08') as string, /STOCKS is not an asset class/)
    assert.throws(
      () => loadConfig({ ASSET_CLASS_RETURNS: 'EQUITY=2' }),
      /ASSET_CLASS_RETURNS: EQUITY=2 is not an annual rate between -1 and 1/,
    )
    assert.equal(loadConfig({}).ASSET_CLASS_RETURNS, '')
  })
})
