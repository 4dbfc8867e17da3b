import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { Tokenizer } from 'htmlparser2'
import {
  checkRichTree,
  cleanUrl,
  IMAGE_STYLE,
  RICH_MAX_DEPTH,
  RICH_MAX_NODES,
  RICH_TAGS,
  richPlainText,
  type RichNode,
} from '@alfa/common/richText'
import { richToHtml, sanitizeHtml, servedBody, type SanitizeStats } from '../src/content/sanitize'

/**
 * The one article sanitiser (issue #21) against a hostile corpus: whatever goes in, what comes
 * out holds only the allow-list's tags and attributes, no event handler, no url but https,
 * http (links) or a path of the product's own, images lazy and sized to the screen; it is a
 * fixpoint (its HTML sanitised again gives the same tree); and the work grows linearly with the
 * input, counted in steps, not timed.
 */

/** Every node of a tree, with its depth (an explicit stack: trees may be deep). */
function walk(nodes: RichNode[], visit: (node: RichNode, depth: number) => void) {
  const stack: Array<[RichNode, number]> = nodes.map((n) => [n, 1] as [RichNode, number]).reverse()
  while (stack.length) {
    const [node, depth] = stack.pop()!
    visit(node, depth)
    if (node.type === 'node') for (const c of [...(node.children ?? [])].reverse()) stack.push([c, depth + 1])
  }
}

/** The safety properties every output must have; answers the tree's depth. */
function assertSafe(tree: RichNode[], input = ''): number {
  let deepest = 0
  walk(tree, (node, depth) => {
    deepest = Math.max(deepest, depth)
    if (node.type === 'text') {
      assert.equal(typeof node.text, 'string')
      return
    }
    const rule = RICH_TAGS[node.name]
    assert.ok(
      rule && Object.prototype.hasOwnProperty.call(RICH_TAGS, node.name),
      `tag ${node.name} is not on the list (${input.slice(0, 80)})`,
    )
    for (const [attr, value] of Object.entries(node.attrs ?? {})) {
      assert.ok(!/^on/i.test(attr), `event handler ${attr}`)
      const allowed = rule.attrs?.[attr] ?? (rule.fixed?.[attr] !== undefined ? 'fixed' : undefined)
      assert.ok(allowed, `attribute ${attr} on ${node.name} is not on the list (${input.slice(0, 80)})`)
      if (allowed === 'fixed') assert.equal(value, rule.fixed![attr])
      if (allowed === 'link' || allowed === 'image') {
        assert.match(value, allowed === 'link' ? /^(https?:\/\/|\/(?![/\\]))/ : /^(https:\/\/|\/(?![/\\]))/, `${attr}=${value}`)
        // eslint-disable-next-line no-control-regex -- the check is that no control character is left in a url
        assert.doesNotMatch(value, /[\u0000-\u0020\u007f]/)
      }
    }
    if (node.name === 'img') {
      assert.equal(node.attrs?.loading, 'lazy')
      assert.equal(node.attrs?.style, IMAGE_STYLE)
    }
    if (node.name === 'a') assert.deepEqual(Object.keys(node.attrs ?? {}), ['href'])
  })
  return deepest
}

/** Sanitised, checked safe, and a fixpoint: its own HTML sanitised again is the same tree. */
function clean(html: string): RichNode[] {
  const tree = sanitizeHtml(html)
  assertSafe(tree, html)
  assert.deepEqual(sanitizeHtml(richToHtml(tree)), tree, `not a fixpoint: ${html.slice(0, 80)}`)
  assert.deepEqual(checkRichTree(tree), tree, 'the app’s check changes what the server sends')
  return tree
}

const html = (html: string) => richToHtml(clean(html))

const HOSTILE = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<script/src="https://evil.example/x.js"></script>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" ONERROR="alert(1)" onload = "alert(2)">',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<p onclick="alert(1)" onmouseover=alert(2) style="position:fixed" class="x" id="y">text</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="&#0000106avascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="jav&Tab;ascript&colon;alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href=" \u0001javascript:alert(1)">x</a>',
  '<a href="javascript&#58;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  '<a href="&#100;ata:text/html,x">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="http://insecure.example/a.png">',
  '<img src="//evil.example/a.png">',
  '<a href="//evil.example">x</a>',
  '<a href="/\\evil.example">x</a>',
  '<a href="file:///etc/passwd">x</a>',
  '<a href="relative/path">x</a>',
  '<a href="ｊａｖａｓｃｒｉｐｔ：alert(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example"><input name=p><button formaction=javascript:alert(1)>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="javascript:alert(1)//"><link rel=stylesheet href=x>',
  '<style>@import "https://evil.example/x.css"; body{background:url(javascript:alert(1))}</style>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<!--<script>alert(1)</script>--><![CDATA[<script>alert(1)</script>]]>',
  '<a href="https://ok.example" target=_blank rel=opener download ping="https://evil.example">ok</a>',
  '<a href="https://ok.example/"onclick=alert(1)>ok</a>',
  '<a href="https://ok.example/ title=x onclick=alert(1)">ok</a>',
  '<div><p>unclosed <b>bold <i>italic</div></b> after',
  '</p></div></li></table>stray ends',
  '<a href="https://ok.example/a',
  '<img src="https://ok.example/a.png" width="99999" height="-1" alt="\u0000x">',
  '<template><script>alert(1)</script></template><textarea><img src=x onerror=alert(1)></textarea>',
  '<p __proto__="x" constructor="y" hasOwnProperty="z">proto</p>',
  '<__proto__>x</__proto__><constructor>y</constructor>',
  '<xmp><img src=x onerror=alert(1)></xmp><plaintext><script>alert(1)</script>',
]

describe('the sanitiser: hostile input', () => {
  for (const input of HOSTILE) {
    it(`is inert: ${JSON.stringify(input).slice(0, 70)}`, () => {
      const out = html(input)
      assert.doesNotMatch(
        out,
        /<(script|style|iframe|object|embed|form|input|button|meta|base|link|svg|math|textarea|template|noscript)\b/i,
      )
      assert.doesNotMatch(out, /\son[a-z]+\s*=/i)
      assert.doesNotMatch(out, /(href|src)="\s*(javascript|vbscript|data|file):/i)
    })
  }

  it('keeps the text of what it unwraps and drops the content of what it drops', () => {
    assert.equal(html('<font color=red>红</font><center>中</center>'), '<span>红</span><div>中</div>')
    assert.equal(html('<p>a<script>b</script>c<style>d</style>e</p>'), '<p>ace</p>')
    assert.equal(html('<custom-el data-x=1>kept</custom-el>'), 'kept')
    assert.equal(html('<p>1 &lt; 2 &amp;&amp; <b>3 &gt; 2</b></p>'), '<p>1 &lt; 2 &amp;&amp; <b>3 &gt; 2</b></p>')
    assert.equal(richPlainText(clean('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')), '<script>alert(1)</script>')
  })

  it('links keep only a checked href; a link without one keeps its words', () => {
    assert.equal(html('<a href="https://ok.example/x" title="t" class="c" target="_blank">ok</a>'), '<a href="https://ok.example/x">ok</a>')
    assert.equal(
      html('<a href="/subPkg/pages/article/index?articleId=A1">app</a>'),
      '<a href="/subPkg/pages/article/index?articleId=A1">app</a>',
    )
    assert.equal(html('<a href="http://ok.example/x">http</a>'), '<a href="http://ok.example/x">http</a>')
    assert.equal(html('<a href="javascript:alert(1)">words</a>'), 'words')
    assert.equal(html('<a>no href</a>'), 'no href')
    assert.equal(html('<a href="https://ok.example/a b">space</a>'), '<a href="https://ok.example/a%20b">space</a>')
  })

  it('images are https or the product’s own, lazy and never wider than the screen', () => {
    assert.equal(
      html('<img src="https://img.example/a.png" alt="图" width="640" height="480" style="width:2000px" onload="x()">'),
      `<img src="https://img.example/a.png" alt="图" width="640" height="480" loading="lazy" style="${IMAGE_STYLE}">`,
    )
    assert.equal(
      html('<img src="/alfa/static/demo/v1/article/1-thumb.png">'),
      `<img src="/alfa/static/demo/v1/article/1-thumb.png" loading="lazy" style="${IMAGE_STYLE}">`,
    )
    for (const src of ['http://img.example/a.png', 'data:image/png;base64,AAAA', '//img.example/a.png', 'javascript:alert(1)', '']) {
      assert.equal(html(`<p><img src="${src}">x</p>`), '<p>x</p>', src)
    }
  })

  it('cleanUrl: an allow-list of prefixes after removing what browsers ignore', () => {
    assert.equal(cleanUrl('  https://a.example/x  ', 'link'), 'https://a.example/x')
    assert.equal(cleanUrl('HTTPS://a.example/x', 'image'), 'https://a.example/x')
    assert.equal(cleanUrl('ht\ttps://a.example/x', 'link'), 'https://a.example/x')
    assert.equal(cleanUrl('http://a.example/x', 'image'), null)
    for (const bad of [
      'javascript:x',
      ' \njavascript:x',
      'java\u0000script:x',
      'https://a.example/\u0001x',
      '//x',
      '/\\x',
      'data:,x',
      '#top',
      '?q',
      'mailto:a@b',
    ])
      assert.equal(cleanUrl(bad, 'link'), null, bad)
    assert.equal(cleanUrl(`https://a.example/${'x'.repeat(3000)}`, 'link'), null)
  })
})

describe('the sanitiser: structure', () => {
  it('a 100,000-deep nesting keeps its text at the depth cap', () => {
    const n = 100_000
    const tree = clean(`${'<div>'.repeat(n)}深处的文字${'</div>'.repeat(n)}<p>之后</p>`)
    const depth = assertSafe(tree)
    assert.equal(depth, RICH_MAX_DEPTH + 1) // the deepest element and its text node
    assert.equal(richPlainText(tree), '深处的文字之后')
    // Unclosed, and mixed with other tags.
    const open = sanitizeHtml(`${'<span><b>'.repeat(n / 2)}x`)
    assert.ok(assertSafe(open) <= RICH_MAX_DEPTH + 1)
    assert.equal(richPlainText(open), 'x')
  })

  it('a 1 MB hostile input comes out safe and bounded', () => {
    const unit = '<p onclick=alert(1)><a href="javascript:alert(1)">j</a><img src=x onerror=alert(1)><script>alert(1)</script><b>ok</b></p>'
    const input = unit.repeat(Math.ceil((1024 * 1024) / unit.length))
    assert.ok(input.length >= 1024 * 1024)
    const tree = sanitizeHtml(input)
    assertSafe(tree)
    let count = 0
    walk(tree, () => count++)
    assert.ok(count <= RICH_MAX_NODES, `${count} nodes`)
    assert.match(richPlainText(tree), /^(jok)+$/)
  })

  it('the app’s check drops what is not on the list, however the tree came', () => {
    const deep: Record<string, unknown> = { type: 'text', text: 'bottom' }
    let node = deep
    for (let i = 0; i < 10_000; i++) node = { type: 'node', name: 'div', children: [node] }
    const checked = checkRichTree([
      node,
      { type: 'node', name: 'script', children: [{ type: 'text', text: 'alert(1)' }] },
      { type: 'node', name: '__proto__' },
      { type: 'node', name: 'p', attrs: { onclick: 'x', style: 'position:fixed', class: 'c' }, children: [{ type: 'text', text: 'p' }] },
      { type: 'node', name: 'a', attrs: { href: 'javascript:alert(1)' }, children: [{ type: 'text', text: 'a' }] },
      { type: 'node', name: 'img', attrs: { src: 'data:image/png;base64,AAAA' } },
      { type: 'node', name: 'img', attrs: { src: 'https://ok.example/a.png', loading: 'eager', style: 'width:9999px' } },
      { name: 'b', children: [{ type: 'text', text: 'no type' }] },
      { type: 'text', text: { toString: () => 'x' } },
      'plain string',
      null,
      42,
    ])
    assertSafe(checked)
    assert.equal(checked.length, 4)
    assert.deepEqual(checked.slice(1), [
      { type: 'node', name: 'p', children: [{ type: 'text', text: 'p' }] },
      { type: 'text', text: 'a' },
      { type: 'node', name: 'img', attrs: { src: 'https://ok.example/a.png', loading: 'lazy', style: IMAGE_STYLE } },
    ])
    assert.deepEqual(checkRichTree({ not: 'an array' }), [])
  })
})

describe('served bodies', () => {
  it('an article read again is not sanitised again; the last 64 are kept, long ones never', () => {
    const first = servedBody('<p>kept <b>once</b></p>')
    assert.equal(servedBody('<p>kept <b>once</b></p>'), first)
    assert.equal(first.html, '<p>kept <b>once</b></p>')
    for (let i = 0; i < 64; i++) servedBody(`<p>other ${i}</p>`)
    const again = servedBody('<p>kept <b>once</b></p>')
    assert.notEqual(again, first, 'the oldest was let go')
    assert.deepEqual(again, first)
    const long = `<p>${'x'.repeat(300 * 1024)}</p>`
    assert.notEqual(servedBody(long), servedBody(long))
  })
})

describe('the sanitiser: work grows linearly with the input', () => {
  // Every tokenizer state step is counted too: a rescan of the input would show as more steps.
  let tokenizerSteps = 0
  const proto = Tokenizer.prototype as unknown as Record<string, unknown>
  const patched = Object.getOwnPropertyNames(proto).filter((k) => k.startsWith('state') && typeof proto[k] === 'function')
  const originals = new Map(patched.map((k) => [k, proto[k] as (...a: unknown[]) => unknown]))
  for (const k of patched) {
    const original = originals.get(k)!
    proto[k] = function (this: unknown, ...args: unknown[]) {
      tokenizerSteps++
      return original.apply(this, args)
    }
  }
  after(() => {
    for (const [k, f] of originals) proto[k] = f
  })

  const work = (input: string) => {
    tokenizerSteps = 0
    const stats: SanitizeStats = { steps: 0 }
    sanitizeHtml(input, stats)
    return stats.steps + tokenizerSteps
  }

  const SHAPES: Record<string, (n: number) => string> = {
    'deep nesting': (n) => `${'<div>'.repeat(n)}x${'</div>'.repeat(n)}`,
    'deep nesting, never closed': (n) => '<b><i>'.repeat(n),
    'end tags with nothing open': (n) => `${'<div>'.repeat(n)}${'</x>'.repeat(n)}`,
    'end tags each closing a deep stack': (n) => `${'<div><span>'.repeat(n)}${'</div>'.repeat(n)}`,
    'many attributes': (n) => `<a ${'href=x onclick=y '.repeat(n)}>z</a>`,
    'entity flood': (n) => `<a href="${'&#106;'.repeat(n)}">${'&amp;&lt;&notanentity'.repeat(n)}</a>`,
    'unterminated comment': (n) => `<!--${'<script>'.repeat(n)}`,
    'script never closed': (n) => `<script>${'</scrip'.repeat(n)}`,
    'broken tags': (n) => '<<a<b</'.repeat(n),
  }

  for (const [shape, make] of Object.entries(SHAPES)) {
    it(`${shape}: 16 times the input takes at most about 16 times the steps`, () => {
      const small = make(5_000)
      const large = make(80_000)
      const perCharSmall = work(small) / small.length
      const perCharLarge = work(large) / large.length
      assert.ok(
        perCharLarge <= perCharSmall * 1.25 + 0.01,
        `${shape}: ${perCharSmall.toFixed(3)} → ${perCharLarge.toFixed(3)} steps per character`,
      )
      assert.ok(perCharLarge < 8, `${shape}: ${perCharLarge.toFixed(2)} steps per character`)
    })
  }
})

describe('the demo articles', () => {
  it('give every image its width and height, so it holds its place before it loads (no layout shift)', async () => {
    const { demoArticleHtml } = await import('../src/content/demo')
    for (let i = 0; i < 10; i++) {
      const images: Array<Record<string, string>> = []
      walk(sanitizeHtml(demoArticleHtml(i, '话题', null)), (n) => {
        if (n.type === 'node' && n.name === 'img') images.push(n.attrs ?? {})
      })
      assert.ok(images.length > 0)
      for (const a of images) assert.ok(Number(a.width) > 0 && Number(a.height) > 0, JSON.stringify(a))
    }
  })
})
