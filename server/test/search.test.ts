import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { gql, useTestApp } from './helpers'
import { indexEntry, initialsOf, matchRank, searchEntries } from '../src/search/index'

const app = useTestApp()

const SEARCH = `query ($k: String!, $limit: Int) { search(keyword: $k, limit: $limit) { funds { fundCode fundName } managers { managerId managerName } portfolios { poCode poName } } }`

describe('search by code, name or pinyin initials', () => {
  it('initials are lower case first letters, letters and digits kept', () => {
    assert.equal(initialsOf('易方达消费股票A'), 'yfdxfgpa')
    assert.equal(initialsOf('沪深300'), 'hs300')
  })
  // Real fund names (public share-class names as sold); about 8% of real names carry brackets,
  // hyphens or full-width punctuation that users do not type.
  const REAL = [
    { name: '华夏全球股票(QDII)', typed: ['hxqqgp', 'HXQQGP', 'hxqqgpqdii', 'HXQQGP(QDII)', 'hxqqgp（qdii）'] },
    {
      name: '易方达中证海外中国互联网50(QDII-ETF)联接A',
      typed: ['yfdzzhwzghlw50', 'yfdzzhwzghlw50qdiietflja', 'YFDZZHWZGHLW50(QDII-ETF)LJA'],
    },
    { name: '南方中证500ETF联接(LOF)A', typed: ['nfzz500etflj', 'nfzz500etfljlofa', 'NFZZ500ETFLJ(LOF)A'] },
    { name: '广发纳斯达克100ETF联接人民币(QDII)A', typed: ['gfnsdk100', 'gfnsdk100etfljrmbqdiia'] },
    { name: '招商中证白酒指数(LOF)A', typed: ['zszzbjzs', 'ZSZZBJZS(LOF)'] },
  ]
  for (const { name, typed } of REAL) {
    it(`${name}: found by the initials users type, whatever the punctuation and case`, () => {
      const entry = { kind: 'fund' as const, id: '000000', name, initials: initialsOf(name) }
      for (const k of typed) assert.notEqual(matchRank(entry, k), null, `${k} finds ${name} (initials ${entry.initials})`)
    })
  }
  it('a name typed with other brackets still matches the name', () => {
    const entry = { kind: 'fund' as const, id: '000000', name: '华夏全球股票(QDII)', initials: initialsOf('华夏全球股票(QDII)') }
    assert.equal(matchRank(entry, '全球股票（QDII）'), 2)
  })
  it('"yfd" finds 易方达 funds', async () => {
    const { body } = await gql(app.t, SEARCH, { k: 'yfd', limit: 5 })
    assert.equal(body.data.search.funds.length, 5)
    assert.ok(body.data.search.funds.every((f: { fundName: string }) => f.fundName.startsWith('易方达')))
  })
  it('a full code finds that fund first', async () => {
    const code = '000001'
    const { body } = await gql(app.t, SEARCH, { k: code })
    assert.equal(body.data.search.funds[0].fundCode, code)
  })
  it('a Chinese name part finds managers and strategies', async () => {
    const { body: m } = await gql(app.t, '{ fundManager(managerId: "M1001") { managerName } }')
    const name = m.data.fundManager.managerName
    const { body } = await gql(app.t, SEARCH, { k: name })
    assert.ok(body.data.search.managers.some((x: { managerName: string }) => x.managerName === name))
    const { body: p } = await gql(app.t, '{ portfolios(page: { size: 1 }) { list { poCode poName } } }')
    const po = p.data.portfolios.list[0]
    const { body: found } = await gql(app.t, SEARCH, { k: po.poName })
    assert.ok(found.data.search.portfolios.some((x: { poCode: string }) => x.poCode === po.poCode))
  })
  it('whitespace is ignored; nothing matches gives empty lists; limit is checked', async () => {
    assert.equal(matchRank({ kind: 'fund', id: '000001', name: 'x', initials: 'x' }, ' 000 001 '), 0)
    const { body } = await gql(app.t, SEARCH, { k: 'zzzzqqq' })
    assert.deepEqual(body.data.search, { funds: [], managers: [], portfolios: [] })
    assert.equal((await gql(app.t, SEARCH, { k: 'a', limit: 99 })).body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
  })
})

describe('the search index normalises each name once, when it is built', () => {
  it('searches compare precomputed keys: no name is read again, whatever the number of requests; results as before', () => {
    let reads = 0
    /** A name that counts how often it is read (and so normalised). */
    const counted = (name: string) => ({
      get value() {
        reads++
        return name
      },
    })
    const names = ['易方达消费股票A', '华夏全球股票(QDII)', '南方中证500ETF联接(LOF)A', '易方达蓝筹精选混合']
    const entries = names.map((name, i) => {
      const c = counted(name)
      const entry = indexEntry('fund', `00000${i}`, c.value)
      // From here on any read of the name is counted.
      Object.defineProperty(entry, 'name', { get: () => c.value, enumerable: true })
      return entry
    })
    assert.equal(reads, names.length)
    const before = reads
    for (let i = 0; i < 100; i++) {
      assert.deepEqual(
        searchEntries(entries, 'yfd', 10).map((e) => e.id),
        ['000000', '000003'],
      )
      assert.deepEqual(
        searchEntries(entries, '全球股票（QDII）', 10).map((e) => e.id),
        ['000001'],
      )
      assert.deepEqual(
        searchEntries(entries, '00000', 2).map((e) => e.id),
        ['000000', '000001'],
      )
    }
    assert.equal(reads - before, 0, 'names read during 300 searches')
    // The precomputed ranks are the ones matchRank gives for an entry without them.
    for (const e of entries) {
      const plain = { kind: e.kind, id: e.id, name: names[Number(e.id.slice(-1))], initials: e.initials }
      for (const k of ['yfd', 'qdii', '000001', '消费', 'x']) assert.equal(matchRank(e, k), matchRank(plain, k), `${k} on ${plain.name}`)
    }
  })
})

describe('glossary terms', () => {
  it('has at least 20 terms and finds 净值 by initials', async () => {
    const all = (await gql(app.t, '{ glossaryTerms { term definition } }')).body.data.glossaryTerms
    assert.ok(all.length >= 20)
    const hits = (await gql(app.t, '{ glossaryTerms(keyword: "zdhc") { term } }')).body.data.glossaryTerms
    assert.deepEqual(
      hits.map((x: { term: string }) => x.term),
      ['最大回撤'],
    )
  })
})
