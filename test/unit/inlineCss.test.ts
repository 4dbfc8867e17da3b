import { INLINE_CSS_MAX_BYTES, inlineStylesheets } from '../../config/plugins/inline-css'

const HTML =
  '<head><link rel="icon" href="data:,"/><script defer="defer" src="/js/app.1.js"></script>' +
  '<link href="/css/app.1.css" rel="stylesheet"><link href="/css/big.2.css" rel="stylesheet"></head>'

describe('the H5 entry stylesheet is written into index.html (no render-blocking request)', () => {
  const files: Record<string, string> = {
    'css/app.1.css': 'body{margin:0}',
    'css/big.2.css': `a{color:red}${' '.repeat(INLINE_CSS_MAX_BYTES)}`,
  }
  const read = (f: string) => files[f] ?? null

  it('a small sheet becomes a <style> with its text, marked with its address', () => {
    const out = inlineStylesheets(HTML, read)
    expect(out).toContain('<style data-href="/css/app.1.css">body{margin:0}</style>')
    expect(out).not.toContain('href="/css/app.1.css" rel="stylesheet"')
  })

  it('a sheet over the limit, an unknown file and everything else stay as they were', () => {
    const out = inlineStylesheets(HTML, read)
    expect(out).toContain('<link href="/css/big.2.css" rel="stylesheet">')
    expect(inlineStylesheets(HTML, () => null)).toBe(HTML)
    expect(out).toContain('<script defer="defer" src="/js/app.1.js"></script>')
    expect(out).toContain('<link rel="icon" href="data:,"/>')
  })

  it('a sheet containing </style keeps its link (it would end the element early)', () => {
    const out = inlineStylesheets(HTML, (f) => (f === 'css/app.1.css' ? 'a::after{content:"</style>"}' : null))
    expect(out).toContain('<link href="/css/app.1.css" rel="stylesheet">')
  })
})
