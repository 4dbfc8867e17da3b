import { DEMO_END, DEMO_USER, type SeedContext } from './context'
import { addDays } from '../calendar'

/** Three live streams (live now, a replay, an upcoming one) and two comments on the live one; after the demo account, whose comment it is. */
export async function seedLive({ insert }: SeedContext) {
  const at = (day: string) => new Date(`${day}T19:30:00+08:00`)
  await insert('live_streams', [
    {
      live_id: 'LIVE001',
      title: '四季度市场展望',
      cover_url: '/alfa/static/demo/v1/live/1.png',
      presenter: '主理人',
      description: '聊聊接下来的市场',
      status: 'LIVE',
      starts_at: at(DEMO_END),
    },
    {
      live_id: 'LIVE002',
      title: '定投答疑专场',
      cover_url: '/alfa/static/demo/v1/live/2.png',
      presenter: '投研团队',
      description: '关于定投的问答',
      status: 'REPLAY',
      starts_at: at(addDays(DEMO_END, -7)),
    },
    {
      live_id: 'LIVE003',
      title: '养老投资怎么做',
      cover_url: '/alfa/static/demo/v1/live/3.png',
      presenter: '投顾',
      description: '养老目标基金',
      status: 'UPCOMING',
      starts_at: at(addDays(DEMO_END, 7)),
    },
  ])
  await insert('live_comments', [
    { live_id: 'LIVE001', user_id: DEMO_USER.userId, nickname: DEMO_USER.nickname, content: '老师好！' },
    { live_id: 'LIVE001', user_id: null, nickname: '游客', content: '<b>不是标签</b> 只是文字' },
  ])
}
