import { DEMO_END } from './context'
import type { PortfolioSeed } from './portfolioPlans'
import type { PortfolioRows } from './portfolios'
import { addDays } from '../calendar'
import type { Random } from './random'

const POST_TYPES = ['AdjustmentExplanation', 'AdvisorReport', 'ManagerTalk', 'MarketInterpretation', 'SmartAipSuggestion'] as const
const POST_TYPE_NAMES: Record<(typeof POST_TYPES)[number], string> = {
  AdjustmentExplanation: '调仓解读',
  AdvisorReport: '投顾月报',
  ManagerTalk: '主理人说',
  MarketInterpretation: '市场解读',
  SmartAipSuggestion: '定投建议',
}

/** A portfolio's community: 14 posts (two pinned), an intro video for the first twelve, eight investor messages. */
export function communityOf(
  rnd: Random,
  p: PortfolioSeed,
  pi: number,
  rows: Pick<PortfolioRows, 'community_posts' | 'intro_videos' | 'investor_messages'>,
) {
  for (let k = 0; k < 14; k++) {
    const pinned = k < 2
    const type = POST_TYPES[k % POST_TYPES.length]
    rows.community_posts.push({
      post_id: `P-${p.poCode}-${k}`,
      po_code: p.poCode,
      kind: pinned ? 'pinned' : 'timeline',
      content_type: type,
      title: `${p.poName}·${pinned ? '置顶' : ''}${POST_TYPE_NAMES[type]}${k}`,
      url: `https://community.alfa.example/post/${p.poCode}-${k}`,
      intro: '聊聊最近的市场与组合表现。',
      posted_date: new Date(`${addDays(DEMO_END, -k * 9)}T10:00:00+08:00`),
      posted_by: '主理人',
      cover_url: `/alfa/static/demo/v1/post/cover-${k % 6}.png`,
      author_avatar_url: '/alfa/static/demo/v1/avatar/manager-1.png',
      author_level: rnd.int(1, 9),
      contents: [
        { type: 'text', detail: '市场短期波动不改长期逻辑，我们继续坚持纪律投资。' },
        { type: 'image', detail: `/alfa/static/demo/v1/post/img-${k % 4}.png` },
      ],
    })
  }
  if (pi < 12)
    rows.intro_videos.push({
      video_id: `V-${p.poCode}`,
      po_code: p.poCode,
      source_url: `https://video.alfa.example/${p.poCode}.mp4`,
      cover_url: `/alfa/static/demo/v1/video/cover-${pi % 4}.png`,
      url: `https://www.alfa.example/video/${p.poCode}`,
      comment_count: rnd.int(0, 500),
      visit_count: rnd.int(100, 100000),
    })
  for (let k = 0; k < 8; k++)
    rows.investor_messages.push({
      id: `MSG-${p.poCode}-${k}`,
      po_code: p.poCode,
      avatar: `/alfa/static/demo/v1/avatar/user-${k}.png`,
      content: rnd.pick([
        '坚持定投第三年，收益转正了！',
        '跟着调仓，心里踏实。',
        '回撤的时候也没慌，长期持有。',
        '感谢主理人的解读。',
        '这个组合很适合我这种上班族。',
      ]),
      like_num: rnd.int(0, 999),
      nick_name: `投资者${rnd.int(1000, 9999)}`,
      user_days: rnd.int(30, 2000),
    })
}
