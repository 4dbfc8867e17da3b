import { demoArticleHtml, SAFETY_ARTICLE } from '../content/demo'
import type { Row } from './bulk'
import { DEMO_END, type SeedContext } from './context'
import type { FundSeed } from './funds'
import { addDays } from '../calendar'

/** The key-value configs: home entries and notice, feature switches, customer service, the fund intro. */
const KV_CONFIGS: Row<'kv_configs'>[] = [
  {
    variant: 'widget',
    key: 'home_entries',
    value: {
      elements: [
        { picture: '/alfa/static/demo/v1/icon/fund.png', link: '/alfa/fund/000001', main: '基金', trackProperties: { entry: 'fund' } },
        {
          picture: '/alfa/static/demo/v1/icon/po.png',
          link: '/alfa/portfolio/ZH015676',
          main: '组合',
          trackProperties: { entry: 'portfolio' },
        },
        {
          picture: '/alfa/static/demo/v1/icon/live.png',
          link: '/subPkg/pages/live/index',
          main: '直播',
          trackProperties: { entry: 'live' },
        },
      ],
    },
  },
  {
    variant: 'fragment',
    key: 'home_notice',
    value: {
      elements: [
        {
          image: '/alfa/static/demo/v1/notice.png',
          link: 'https://www.alfa.example/notice',
          content: '演示数据：所有数据均为模拟生成。',
        },
      ],
    },
  },
  {
    variant: 'config',
    key: 'feature_switches',
    value: {
      elements: [
        { key: 'enableLive', value: 'true' },
        { key: 'enableDiagnosis', value: 'true' },
      ],
    },
  },
  {
    variant: 'config',
    key: 'customer_service',
    value: {
      elements: [
        { key: 'phone', value: '400-000-0000' },
        { key: 'hours', value: '9:00-18:00' },
      ],
    },
  },
  {
    variant: 'fundIntro',
    key: 'fund_intro',
    value: {
      elements: [
        { image: '/alfa/static/demo/v1/fund-intro/1.png', link: 'https://www.alfa.example/fund-terms', content: '认识基金：一份说明。' },
      ],
    },
  },
]

/** Content: columns and their articles, courses and lessons, ads, key-value configs, hand-picked funds. */
export async function seedContent({ rnd, days, insert }: SeedContext, funds: FundSeed[]) {
  const columnTitles = ['投资入门', '基金经理说', '市场温度计', '资产配置课堂', '长赢计划周报', '养老投资']
  await insert(
    'columns',
    columnTitles.map((t, i) => ({
      column_id: `C${100 + i}`,
      title: t,
      cover_url: `/alfa/static/demo/v1/column/${i}.png`,
      description: `${t}：每周更新的投资内容。`,
      list_page_side_url: `/alfa/static/demo/v1/column/${i}-side.png`,
      sort: i,
    })),
  )
  const articles: Row<'articles'>[] = []
  for (let i = 0; i < 72; i++) {
    const columnId = i < 66 ? `C${100 + (i % 6)}` : null
    const topic = rnd.pick(['如何看待市场波动', '定投的正确姿势', '债券基金怎么选', '什么是最大回撤', '再平衡的意义', '全球配置入门'])
    articles.push({
      article_id: `A${10000 + i}`,
      column_id: columnId,
      title: `${columnId ? columnTitles[i % 6] : '专题'}｜第${Math.floor(i / 6) + 1}期：${topic}`,
      cover_thumbnail_url: `/alfa/static/demo/v1/article/${i % 10}-thumb.png`,
      author: rnd.pick(['投研团队', '主理人', '编辑部']),
      // Each links the same column's next issue (six articles later), as a series does.
      content: demoArticleHtml(i, topic, i >= 6 && columnId ? `A${10000 + i - 6}` : null),
      published_at: new Date(`${addDays(DEMO_END, -i * 5)}T09:30:00+08:00`),
    })
  }
  // Stored as written (not through the import's sanitiser): every read must still answer it inert.
  articles.push({
    article_id: SAFETY_ARTICLE.articleId,
    column_id: null,
    title: SAFETY_ARTICLE.title,
    cover_thumbnail_url: null,
    author: SAFETY_ARTICLE.author,
    content: SAFETY_ARTICLE.html,
    published_at: new Date(`${DEMO_END}T08:00:00+08:00`),
  })
  await insert('articles', articles)
  const courses: Row<'courses'>[] = []
  const lessons: Row<'lessons'>[] = []
  ;['基金投资三步走', '读懂基金定投', '资产配置必修课', '债券基金入门', '指数基金精讲'].forEach((title, i) => {
    courses.push({
      course_id: `CO${200 + i}`,
      title,
      tags: ['入门', i % 2 ? '进阶' : '免费'],
      url: `https://www.alfa.example/course/CO${200 + i}`,
      description: `${title}：${rnd.int(5, 10)}节视频课。`,
      cover_url: `/alfa/static/demo/v1/course/${i}.png`,
    })
    for (let k = 0; k < 6; k++)
      lessons.push({
        lesson_id: `L${200 + i}-${k + 1}`,
        course_id: `CO${200 + i}`,
        seq: k + 1,
        title: `第${k + 1}课 ${title}`,
        duration_second: rnd.int(180, 1200),
        video_url: `https://video.alfa.example/course/${200 + i}/${k + 1}.mp4`,
      })
  })
  await insert('courses', courses)
  await insert('lessons', lessons)
  const recCodes = ['HOME_BANNER', 'PORTFOLIO_DETAIL', 'FUND_DETAIL', 'MINE_BANNER']
  await insert(
    'ads',
    Array.from({ length: 12 }, (_, i) => ({
      ad_id: `AD${300 + i}`,
      rec_code: recCodes[i % 4],
      display_name: `广告位${i + 1}`,
      img_url: `/alfa/static/demo/v1/ad/${i}.png`,
      url: `https://www.alfa.example/activity/${i}`,
      track_properties: { ad_id: `AD${300 + i}`, position: i % 3 },
      sort: i,
    })),
  )
  await insert('kv_configs', KV_CONFIGS)
  const handPicked = funds
    .filter((f) => f.endIndex === days.length - 1 && f.setupIndex === 0)
    .filter((_, i) => i % 20 === 0)
    .slice(0, 10)
  await insert(
    'hand_picked',
    handPicked.map((f, i) => ({
      seq: i + 1,
      fund_code: f.code,
      reason: rnd.pick(['长期业绩优秀', '基金经理稳定', '回撤控制好', '费率低']),
    })),
  )
}
