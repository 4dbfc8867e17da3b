import fs from 'node:fs'
import path from 'node:path'

/**
 * Baidu: Taro 4.2's swan base template renders a <Text> inside a <Text> wrongly (the inner text is
 * dropped, or the outer one's children are repeated once per level: seen rendering dist/swan in
 * the simulator, test/platform/lib/swan-to-wxml.js). So no Text holds another text element; a
 * View holds the pieces instead.
 */
const SRC = path.resolve(__dirname, '../../src')
const TEXT_LIKE = ['Text', 'SignedRate', 'ToneText', 'RiskTag', 'Tag', 'DemoBadge']

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'generated' ? [] : tsxFiles(p)
    return e.name.endsWith('.tsx') ? [p] : []
  })
}

/** Text-like elements opened inside an open <Text> of the same file: "file:line: <Name>". */
export function nestedTexts(source: string, file = ''): string[] {
  const found: string[] = []
  const tag = new RegExp(`<(/?)(${TEXT_LIKE.join('|')})\\b([^>]*?)(/?)>`, 'g')
  let depth = 0
  for (const m of source.matchAll(tag)) {
    const [, close, name, , selfClosing] = m
    if (close) {
      if (name === 'Text') depth = Math.max(0, depth - 1)
      continue
    }
    if (depth > 0) found.push(`${file}:${source.slice(0, m.index).split('\n').length}: <${name}> inside <Text>`)
    if (name === 'Text' && !selfClosing) depth += 1
  }
  return found
}

describe('no text element inside a <Text> (Baidu renders nested text wrongly)', () => {
  it('the scan finds a nested text and accepts siblings', () => {
    expect(nestedTexts("<Text className='a'>区间收益 <SignedRate value={v} /></Text>")).toHaveLength(1)
    expect(nestedTexts('<Text>a<Text>b</Text></Text>')).toHaveLength(1)
    expect(nestedTexts('<View><Text>区间收益 </Text><SignedRate value={v} /></View>')).toEqual([])
  })

  it('holds for every screen and component of the app', () => {
    const found = tsxFiles(SRC).flatMap((f) => nestedTexts(fs.readFileSync(f, 'utf8'), path.relative(SRC, f)))
    expect(found).toEqual([])
  })
})
