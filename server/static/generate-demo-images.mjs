// Renders the demo data's images (server/static/demo/v1/**) with the installed Chromium and the
// WenQuanYi Micro Hei font. Deterministic: same list, same pixels on the same Chromium.
//   node server/static/generate-demo-images.mjs
// The seed (server/src/demo/) stores these paths host-relative: /alfa/static/demo/v1/...
// Changing an image means a new version folder (v2) and new seed URLs: files are cached immutable.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const VERSION = 'v1'
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo', VERSION)

// Same order as SURNAMES in server/src/demo/managers.ts: manager-N shows SURNAMES[N - 1].
const SURNAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高']
const COLOURS = ['#e05a47', '#2f7de1', '#1f9d74', '#d98a1c', '#7b5cd6', '#c2417a', '#2a9bb0', '#8a6d3b', '#4d6fa8', '#5e8c31']
const colour = (i) => COLOURS[i % COLOURS.length]

/** [file, width, height, background, big text, small text] */
const images = []
const add = (file, w, h, bg, text, sub = '') => images.push({ file, w, h, bg, text, sub })

SURNAMES.forEach((s, i) => add(`avatar/manager-${i + 1}.png`, 120, 120, colour(i), s))
;['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛'].forEach((s, i) => add(`avatar/user-${i}.png`, 120, 120, colour(i + 3), s))
for (let i = 0; i < 6; i++) add(`post/cover-${i}.png`, 320, 180, colour(i), '策略动态', `演示封面 ${i + 1}`)
for (let i = 0; i < 4; i++) add(`post/img-${i}.png`, 320, 180, colour(i + 5), '市场观察', `演示配图 ${i + 1}`)
for (let i = 0; i < 4; i++) add(`video/cover-${i}.png`, 320, 180, colour(i + 2), '▶ 组合介绍', `演示视频 ${i + 1}`)
for (let k = 1; k <= 3; k++) add(`po/intro-${k}.png`, 360, 480, colour(k + 6), `策略介绍 ${k}/3`, '演示数据')
;['投资入门', '基金经理说', '市场温度计', '资产配置课堂', '长赢计划周报', '养老投资'].forEach((t, i) => {
  add(`column/${i}.png`, 320, 180, colour(i), t, '专栏')
  add(`column/${i}-side.png`, 160, 160, colour(i + 1), t.slice(0, 2))
})
for (let i = 0; i < 10; i++) add(`article/${i}-thumb.png`, 160, 120, colour(i), '文章', `第${i + 1}篇`)
// Same order as DEMO_COURSES in server/src/demo/courses.ts: course CO(200 + i) shows cover i.
;[
  '基金投资三步走',
  '读懂基金定投',
  '资产配置必修课',
  '债券基金入门',
  '指数基金精讲',
  '养老投资规划',
  '货币基金与现金管理',
  '看懂基金经理',
  '行业主题基金',
  '风险与回撤',
  '投资心理学',
  '基金组合与投顾',
].forEach((t, i) => add(`course/${i}.png`, 320, 180, colour(i + 4), t, '视频课'))
for (let i = 0; i < 12; i++) add(`ad/${i}.png`, 343, 120, colour(i), `广告位${i + 1}`, '演示活动')
add('icon/fund.png', 96, 96, '#e05a47', '基')
add('icon/po.png', 96, 96, '#2f7de1', '组')
add('icon/live.png', 96, 96, '#1f9d74', '播')
add('notice.png', 343, 80, '#d98a1c', '公告', '所有数据均为模拟生成')
add('fund-intro/1.png', 343, 160, '#4d6fa8', '认识基金', '一份说明')
;['四季度市场展望', '定投答疑专场', '养老投资怎么做'].forEach((t, i) => add(`live/${i + 1}.png`, 320, 180, colour(i + 7), t, '直播'))

function html({ w, h, bg, text, sub }) {
  const square = w === h
  const size = square ? Math.round(w * (text.length > 1 ? 0.34 : 0.5)) : Math.round(Math.min(h * 0.22, (w * 0.8) / Math.max(text.length, 4)))
  return `<!doctype html><meta charset="utf-8"><style>
html,body{margin:0;width:${w}px;height:${h}px;overflow:hidden}
body{background:${bg};color:#fff;font-family:'WenQuanYi Micro Hei',sans-serif;display:flex;flex-direction:column;
align-items:center;justify-content:center;text-align:center}
.t{font-size:${size}px;line-height:1.2;font-weight:bold}.s{font-size:${Math.max(12, Math.round(size * 0.45))}px;opacity:.85;margin-top:${Math.round(size * 0.2)}px}
</style><div class="t">${text}</div>${sub ? `<div class="s">${sub}</div>` : ''}`
}

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromiumSandbox: false, headless: true, args: ['--disable-gpu', '--font-render-hinting=none'] })
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 })
  // Only the images are made here: the lesson videos beside them are generate-demo-videos.mjs's.
  for (const f of fs.existsSync(OUT) ? fs.readdirSync(OUT, { recursive: true, withFileTypes: true }) : [])
    if (f.isFile() && f.name.endsWith('.png')) fs.rmSync(path.join(f.parentPath, f.name))
  let total = 0
  for (const img of images) {
    await page.setViewportSize({ width: img.w, height: img.h })
    await page.setContent(html(img))
    const file = path.join(OUT, img.file)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: img.w, height: img.h } })
    fs.writeFileSync(file, png)
    total += png.length
  }
  console.log(`${images.length} images, ${total} bytes in ${OUT}`)
} finally {
  await browser.close()
}
