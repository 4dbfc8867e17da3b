import type { Queryable } from '../db'
import { insertRows, type Row } from './bulk'

/**
 * The demo video courses (issue #21): twelve courses whose lessons play the committed clips of
 * server/static/demo/v1/lesson/ (made by server/static/generate-demo-videos.mjs), so a lesson plays
 * in a browser and a mini-program without any outside host. Lesson n of every course plays clip n;
 * a lesson's duration is its clip's. The first five courses keep the ids the main seed gave them.
 */

/** Length in seconds of clip n (index n - 1): the generator's CLIPS. */
export const LESSON_CLIP_SECONDS = [48, 56, 40, 64, 52, 36] as const

/** Where clip n is served (host-relative, like the demo images). */
export const lessonClipUrl = (n: number) => `/alfa/static/demo/v1/lesson/${n}.mp4`

interface DemoCourse {
  title: string
  tags: string[]
  description: string
  lessons: string[]
}

/** Course CO(200 + i) is COURSES[i]; its cover is /alfa/static/demo/v1/course/<i>.png. */
export const DEMO_COURSES: DemoCourse[] = [
  {
    title: '基金投资三步走',
    tags: ['入门', '免费'],
    description: '从认识基金到买入后的打理，三步建立自己的基金投资方法。',
    lessons: [
      '认识基金：它是什么、怎么赚钱',
      '看懂净值与收益率',
      '风险等级与回撤',
      '申购、赎回与管理费',
      '怎么挑选一只基金',
      '买入之后做什么',
    ],
  },
  {
    title: '读懂基金定投',
    tags: ['入门', '进阶'],
    description: '定投为什么能摊低成本，选什么、投多少、何时止盈，一次讲清楚。',
    lessons: ['定投是什么', '摊低成本的道理', '选哪类基金定投', '定投的频率与金额', '止盈与再平衡', '定投的常见误区'],
  },
  {
    title: '资产配置必修课',
    tags: ['入门', '免费'],
    description: '股票、债券与现金怎么搭配，让组合经得起市场的起落。',
    lessons: ['为什么要做资产配置', '股票、债券与现金', '风险偏好与投资目标', '组合的再平衡', '全球配置入门', '配置的复盘'],
  },
  {
    title: '债券基金入门',
    tags: ['入门', '进阶'],
    description: '利率、久期与信用风险：看懂债券基金的收益从哪里来。',
    lessons: ['债券是什么', '利率与债券价格', '纯债、二级债与可转债', '久期与信用风险', '债券基金的回撤', '如何挑选债券基金'],
  },
  {
    title: '指数基金精讲',
    tags: ['入门', '免费'],
    description: '宽基、行业与 ETF：指数基金的编制、跟踪误差与估值。',
    lessons: ['指数是怎么编制的', '宽基指数与行业指数', '指数基金与 ETF', '跟踪误差', '估值与买点', '指数增强基金'],
  },
  {
    title: '养老投资规划',
    tags: ['长期', '免费'],
    description: '个人养老金账户与养老目标基金，为退休生活提前做准备。',
    lessons: ['养老要准备多少钱', '个人养老金账户', '养老目标基金', '长期投资的节奏'],
  },
  {
    title: '货币基金与现金管理',
    tags: ['入门', '免费'],
    description: '七日年化、万份收益与流动性：把零钱打理明白。',
    lessons: ['货币基金怎么赚钱', '七日年化与万份收益', '现金管理的几种工具', '流动性与安全性'],
  },
  {
    title: '看懂基金经理',
    tags: ['进阶'],
    description: '任职回报、风格与换手：挑基金也是在挑基金经理。',
    lessons: ['基金经理做什么', '任职回报怎么看', '投资风格的稳定性', '换手率与持仓集中度', '基金经理变更怎么办'],
  },
  {
    title: '行业主题基金',
    tags: ['进阶'],
    description: '消费、医疗、科技与新能源：行业基金的机会与风险。',
    lessons: ['行业基金的机会与风险', '消费与医疗', '科技与新能源', '行业轮动', '仓位怎么控制'],
  },
  {
    title: '风险与回撤',
    tags: ['进阶', '免费'],
    description: '波动、回撤与夏普比率：用数字认识投资的风险。',
    lessons: ['波动不等于风险', '最大回撤', '夏普比率', '如何面对下跌'],
  },
  {
    title: '投资心理学',
    tags: ['长期'],
    description: '追涨杀跌从何而来，怎样建立自己的投资纪律。',
    lessons: ['追涨杀跌从何而来', '损失厌恶', '过度自信', '建立投资纪律', '做时间的朋友'],
  },
  {
    title: '基金组合与投顾',
    tags: ['进阶'],
    description: '一只基金不够用：基金组合怎么搭，投顾服务能做什么。',
    lessons: ['为什么需要基金组合', '基金组合怎么搭', '投顾服务入门', '组合的调仓', '组合的长期持有'],
  },
]

/** Writes the demo courses and their lessons (replacing what the main seed wrote under the same ids). */
export async function seedCourseCatalogue(database: Queryable): Promise<Record<string, number>> {
  const courseId = (i: number) => `CO${200 + i}`
  const courses: Row<'courses'>[] = DEMO_COURSES.map((c, i) => ({
    course_id: courseId(i),
    title: c.title,
    tags: c.tags,
    url: `https://www.alfa.example/course/${courseId(i)}`,
    description: c.description,
    cover_url: `/alfa/static/demo/v1/course/${i}.png`,
  }))
  const lessons: Row<'lessons'>[] = DEMO_COURSES.flatMap((c, i) =>
    c.lessons.map((title, k) => ({
      lesson_id: `L${200 + i}-${k + 1}`,
      course_id: courseId(i),
      seq: k + 1,
      title,
      duration_second: LESSON_CLIP_SECONDS[k],
      video_url: lessonClipUrl(k + 1),
    })),
  )
  // The main seed's lessons of these courses go first (a course may have fewer lessons now).
  await database.db
    .deleteFrom('lessons')
    .where(
      'course_id',
      'in',
      courses.map((c) => c.course_id),
    )
    .execute()
  await insertRows(database, 'courses', courses, { onConflict: ['course_id'] })
  await insertRows(database, 'lessons', lessons)
  return { courses: courses.length, lessons: lessons.length }
}
