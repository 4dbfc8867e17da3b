import Taro from '@tarojs/taro'
import * as liveFeed from '@/services/liveFeed'
import * as login from '@/services/login'
import { hostStorage } from '@/services/storage'
import { user } from '@/services/user'
import LivePage from '@/subPkg/pages/live/index'
import CommentDetailPage from '@/subPkg/pages/commentDetail/index'
import { maskName } from '@/features/live/labels'
import { openPage, flush, type GraphqlAnswers } from '../support/render'

/**
 * 直播 (issue #21): a stream's status with its video or cover and start time, its comments newest
 * first with masked names, new ones arriving in real time, posting as a logged-in user with the
 * server's refusals said in Chinese, an anonymous user's text kept across the login; the list of
 * streams; 评论详情.
 */

const LIVE_PAGE = 'subPkg/pages/live/index'

const comment = (commentId: string, content = `评论${commentId}`, nickname = '用户1234') => ({
  commentId,
  liveId: 'LIVE001',
  nickname,
  content,
  createdAt: '2026-09-30T11:3' + (Number(commentId) % 10) + ':00.000Z',
})

function stream(over: Record<string, unknown> = {}, comments = [comment('12'), comment('11'), comment('10')], hasMore = false) {
  return {
    liveId: 'LIVE001',
    title: '四季度市场展望',
    coverUrl: '/alfa/static/demo/v1/live/1.png',
    presenter: '主理人',
    description: '聊聊接下来的市场',
    status: 'LIVE',
    startsAt: '2026-09-30T11:30:00.000Z',
    playbackUrl: '/alfa/static/demo/v1/live/1.mp4',
    comments: {
      totalCount: comments.length + (hasMore ? 20 : 0),
      pageInfo: { cursor: hasMore ? 'MjA' : null, hasMore },
      list: comments,
    },
    ...over,
  }
}

/** The feed the page opened (openLiveFeed mocked): its options, to play the server's part. */
let feeds: liveFeed.LiveFeedOptions[] = []
let closed = 0

beforeEach(() => {
  // jsdom plays no media; the page only needs the element.
  jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined)
  feeds = []
  closed = 0
  jest.spyOn(liveFeed, 'openLiveFeed').mockImplementation((options) => {
    feeds.push(options)
    return { close: () => void closed++ } as never
  })
  user.logout()
  hostStorage.remove('live_comment_draft:LIVE001')
  hostStorage.remove(login.PENDING_ACTION_KEY)
})
afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  user.logout()
})

const logIn = () => {
  user.login('header.eyJleHAiOjQxMDI0NDQ4MDB9.sig')
  user.setUserId('U1')
}

async function openLive(answers: GraphqlAnswers, liveId = 'LIVE001') {
  return openPage(LivePage, LIVE_PAGE, liveId ? { liveId } : {}, answers, 3)
}

const rows = (container: HTMLElement) =>
  [...container.querySelectorAll('.alfa-live-comment')].map((r) =>
    (r.querySelector('.alfa-live-comment__content')?.textContent ?? '').trim(),
  )

function typeInto(container: HTMLElement, value: string) {
  const input = container.querySelector('.alfa-live-box__input') as HTMLElement
  input.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
}
const sendButton = (container: HTMLElement) => container.querySelector('.alfa-live-box__send') as HTMLElement
const inputValue = (container: HTMLElement) => {
  const input = container.querySelector('.alfa-live-box__input') as HTMLElement & { value?: string }
  return input.value ?? input.getAttribute('value')
}

describe('a stream’s status, video or cover, and start time', () => {
  it('直播中 plays its video, with the start time and who presents', async () => {
    const page = await openLive({ LiveScreen: () => ({ liveStream: stream() }) })
    const text = page.text()
    expect(text).toContain('直播中')
    expect(text).toContain('四季度市场展望')
    expect(text).toContain('主理人')
    expect(text).toContain('开始于 2026-09-30 19:30')
    expect(page.container.querySelector('.alfa-live-head__video')).not.toBeNull()
    expect(page.container.querySelector('.alfa-live-head__remind')).toBeNull()
  })

  it('on H5 the player is the browser’s own <video> (no Stencil web component: issue #24), with controls, inline, the cover as poster', async () => {
    const page = await openLive({ LiveScreen: () => ({ liveStream: stream() }) })
    const video = page.container.querySelector('.alfa-live-head__video')
    expect(video?.tagName).toBe('VIDEO')
    const v = video as HTMLVideoElement
    expect(v.controls).toBe(true)
    expect(v.autoplay).toBe(false)
    expect(v.hasAttribute('playsinline')).toBe(true)
    expect(v.getAttribute('src')).toBeTruthy()
    expect(v.getAttribute('poster')).toBeTruthy()
  })

  it('预告 shows its cover, 开播时间 and the way to its start reminder', async () => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
    const page = await openLive({ LiveScreen: () => ({ liveStream: stream({ status: 'UPCOMING', playbackUrl: null }, []) }) })
    expect(page.text()).toContain('预告')
    expect(page.text()).toContain('开播时间 2026-09-30 19:30')
    expect(page.container.querySelector('.alfa-live-head__video')).toBeNull()
    expect(page.container.querySelector('.alfa-live-head__cover')).not.toBeNull()
    expect(page.text()).toContain('还没有评论，来说第一句吧')
    await page.utils.act(async () => (page.container.querySelector('.alfa-live-head__remind') as HTMLElement).click())
    expect(navigate.mock.calls[0][0].url).toMatch(/^\/subPkg\/pages\/liveAuth\/index\?liveId=LIVE001&ts=\d+$/)
  })

  it('回放 plays the recording; without one, the cover', async () => {
    const replay = await openLive({ LiveScreen: () => ({ liveStream: stream({ status: 'REPLAY' }) }) })
    expect(replay.text()).toContain('回放')
    expect(replay.container.querySelector('.alfa-live-head__video')).not.toBeNull()
    document.body.innerHTML = ''
    const none = await openLive({ LiveScreen: () => ({ liveStream: stream({ status: 'REPLAY', playbackUrl: null }) }) })
    expect(none.container.querySelector('.alfa-live-head__video')).toBeNull()
    expect(none.container.querySelector('.alfa-live-head__cover')).not.toBeNull()
  })

  it('offline, a stream seen before shows what it showed, marked not fresh', async () => {
    const first = await openLive({ LiveScreen: () => ({ liveStream: stream() }) })
    expect(first.text()).toContain('四季度市场展望')
    ;(first.utils as unknown as { unmout: () => void }).unmout()
    document.body.innerHTML = ''
    const again = await openLive({
      LiveScreen: () => {
        throw new Error('offline')
      },
    })
    expect(again.text()).toContain('网络异常，显示的是上次加载的内容')
    expect(again.text()).toContain('四季度市场展望')
    expect(rows(again.container)).toEqual(['评论12', '评论11', '评论10'])
  })

  it('an unknown stream is not found with a way back; a failure offers 重试', async () => {
    const missing = await openLive({ LiveScreen: () => ({ liveStream: null }) })
    expect(missing.text()).toContain('直播不存在')
    expect(missing.text()).toContain('返回')
    document.body.innerHTML = ''
    let calls = 0
    const failing = await openLive({
      LiveScreen: () => {
        calls++
        if (calls === 1) throw new Error('offline')
        return { liveStream: stream() }
      },
    })
    expect(failing.text()).toContain('加载失败')
    await failing.utils.act(async () => {
      ;(failing.container.querySelector('.alfa-empty__action') as HTMLElement).click()
      await flush()
      await flush()
    })
    expect(failing.text()).toContain('四季度市场展望')
  })
})

describe('comments', () => {
  it('are listed newest first with the poster’s masked name and time, as text and never markup; more pages on demand', async () => {
    const first = [comment('12', '<b>不是标签</b><img src=x onerror=alert(1)>', '张三丰'), comment('11'), comment('10')]
    const page = await openLive({
      LiveScreen: (vars) =>
        (vars.page as { cursor: string | null }).cursor
          ? { liveStream: stream({}, [comment('9'), comment('8')]) }
          : { liveStream: stream({}, first, true) },
    })
    expect(rows(page.container)).toEqual(['<b>不是标签</b><img src=x onerror=alert(1)>', '评论11', '评论10'])
    expect(page.container.querySelector('.alfa-live-comment b, .alfa-live-comment img')).toBeNull()
    expect(page.text()).toContain('张*丰')
    expect(page.text()).not.toContain('张三丰')
    expect(page.text()).toContain('用***4')
    expect(page.text()).toContain('09-30 19:32')
    await page.utils.act(async () => {
      ;(page.container.querySelector('.alfa-load-more') as HTMLElement).click()
      await flush()
    })
    expect(rows(page.container)).toEqual(['<b>不是标签</b><img src=x onerror=alert(1)>', '评论11', '评论10', '评论9', '评论8'])
  })

  it('masks names by their first and last character', () => {
    expect(['用户1234', '微信用户', '游客', '张', '', 'A very long name'].map(maskName)).toEqual([
      '用***4',
      '微**户',
      '游*',
      '张*',
      '匿名用户',
      'A***e',
    ])
  })

  it('arrive in real time at the top, after the newest one shown; a removed one disappears', async () => {
    const page = await openLive({ LiveScreen: () => ({ liveStream: stream() }) })
    expect(feeds).toHaveLength(1)
    expect(feeds[0].liveId).toBe('LIVE001')
    expect(feeds[0].lastEventId).toBe('12')
    expect([...(feeds[0].seen ?? [])]).toEqual(['12', '11', '10'])
    await page.utils.act(async () => {
      feeds[0].onComment(comment('13', '刚刚发的'))
      feeds[0].onComment(comment('14', '又一条'))
      feeds[0].onStatus?.('retrying')
    })
    expect(rows(page.container)).toEqual(['又一条', '刚刚发的', '评论12', '评论11', '评论10'])
    expect(page.text()).toContain('连接中断，正在重新连接')
    await page.utils.act(async () => {
      feeds[0].onRemoved('11')
      feeds[0].onStatus?.('live')
    })
    expect(rows(page.container)).toEqual(['又一条', '刚刚发的', '评论12', '评论10'])
    expect(page.text()).not.toContain('连接中断')
  })

  it('an empty stream resumes from 0 (every comment after the page was read); the feed closes with the page', async () => {
    const page = await openLive({ LiveScreen: () => ({ liveStream: stream({}, []) }) })
    expect(feeds[0].lastEventId).toBe('0')
    page.utils.unmout?.()
    ;(page.utils as unknown as { unmout: () => void }).unmout()
    expect(closed).toBe(1)
  })
})

describe('posting a comment', () => {
  it('as a logged-in user: sent, shown at once (and once when the feed brings it too), the box emptied', async () => {
    logIn()
    const posted: unknown[] = []
    const page = await openLive({
      LiveScreen: () => ({ liveStream: stream() }),
      PostLiveComment: (vars) => {
        posted.push(vars)
        return { postLiveComment: { comment: comment('13', String(vars.content), '演示用户'), error: null } }
      },
    })
    await page.utils.act(async () => typeInto(page.container, '老师讲得好'))
    await page.utils.act(async () => {
      sendButton(page.container).click()
      await flush()
    })
    expect(posted).toEqual([{ liveId: 'LIVE001', content: '老师讲得好' }])
    expect(rows(page.container)[0]).toBe('老师讲得好')
    await page.utils.act(async () => feeds[0].onComment(comment('13', '老师讲得好', '演示用户')))
    expect(rows(page.container).filter((r) => r === '老师讲得好')).toHaveLength(1)
    expect(inputValue(page.container)).toBe('')
    expect(hostStorage.get('live_comment_draft:LIVE001')).toBeFalsy()
  })

  it('a banned word (ContentBanned) and an invalid comment (ContetnPostInvalid) are said in Chinese; the text stays', async () => {
    logIn()
    let code = 'ContentBanned'
    const page = await openLive({
      LiveScreen: () => ({ liveStream: stream() }),
      PostLiveComment: () => ({ postLiveComment: { comment: null, error: { code, msg: 'server text' } } }),
    })
    await page.utils.act(async () => typeInto(page.container, '内幕消息'))
    await page.utils.act(async () => {
      sendButton(page.container).click()
      await flush()
    })
    expect(page.container.querySelector('.alfa-live-box__error')?.textContent).toBe('评论含有不允许发布的内容，请修改后再发')
    expect(inputValue(page.container)).toBe('内幕消息')
    expect(rows(page.container)).not.toContain('内幕消息')
    code = 'ContetnPostInvalid'
    await page.utils.act(async () => {
      sendButton(page.container).click()
      await flush()
    })
    expect(page.container.querySelector('.alfa-live-box__error')?.textContent).toBe('评论需为1到500个字')
    await page.utils.act(async () => typeInto(page.container, '   '))
    await page.utils.act(async () => {
      sendButton(page.container).click()
      await flush()
    })
    expect(page.container.querySelector('.alfa-live-box__error')?.textContent).toBe('请输入评论内容')
  })

  it('anonymous: sent to log in, and back at the box with the text kept', async () => {
    const startLogin = jest.spyOn(login, 'startLogin').mockResolvedValue('signup')
    const answers: GraphqlAnswers = { LiveScreen: () => ({ liveStream: stream() }) }
    const before = await openLive(answers)
    expect(before.container.querySelector('.alfa-live-box__input')?.getAttribute('placeholder')).toBe('登录后参与评论')
    await before.utils.act(async () => typeInto(before.container, '登录前写好的评论'))
    await before.utils.act(async () => {
      sendButton(before.container).click()
      await flush()
    })
    expect(startLogin).toHaveBeenCalledTimes(1)
    // On H5 the signup page is a full page load: the page comes back from scratch, logged in.
    ;(before.utils as unknown as { unmout: () => void }).unmout()
    document.body.innerHTML = ''
    logIn()
    const after = await openLive(answers)
    expect(inputValue(after.container)).toBe('登录前写好的评论')
    expect(hostStorage.get(login.PENDING_ACTION_KEY)).toBeFalsy()
  })
})

describe('the list of streams (直播 without a liveId)', () => {
  it('shows every stream with its status and start, each opening its page', async () => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
    const page = await openLive(
      {
        LiveList: () => ({
          liveStreams: [
            {
              liveId: 'LIVE003',
              title: '养老投资怎么做',
              coverUrl: null,
              presenter: '投顾',
              status: 'UPCOMING',
              startsAt: '2026-10-07T11:30:00Z',
            },
            {
              liveId: 'LIVE001',
              title: '四季度市场展望',
              coverUrl: null,
              presenter: null,
              status: 'LIVE',
              startsAt: '2026-09-30T11:30:00Z',
            },
          ],
        }),
      },
      '',
    )
    expect(page.text()).toContain('养老投资怎么做')
    expect(page.text()).toContain('投顾 · 2026-10-07 19:30')
    expect(page.text()).toContain('直播中')
    await page.utils.act(async () => (page.container.querySelectorAll('.alfa-live-card')[1] as HTMLElement).click())
    expect(navigate.mock.calls[0][0].url).toMatch(/^\/subPkg\/pages\/live\/index\?liveId=LIVE001&ts=/)
    expect(feeds).toHaveLength(0)
  })

  it('says so when there is none', async () => {
    const page = await openLive({ LiveList: () => ({ liveStreams: [] }) }, '')
    expect(page.text()).toContain('暂无直播')
  })
})

describe('comment detail', () => {
  const DETAIL = 'subPkg/pages/commentDetail/index'
  it('shows one comment whole with its stream, and leads back to it', async () => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
    const long = '很长的评论'.repeat(60)
    const page = await openPage(
      CommentDetailPage,
      DETAIL,
      { commentId: '12' },
      {
        CommentDetail: (vars) => ({
          liveComment: {
            ...comment(String(vars.commentId), long, '演示用户'),
            stream: { liveId: 'LIVE001', title: '四季度市场展望', status: 'LIVE' },
          },
        }),
      },
    )
    expect(page.container.querySelector('.alfa-live-comment__content')?.textContent).toBe(long)
    expect(page.text()).toContain('演**户')
    expect(page.text()).toContain('四季度市场展望')
    expect(page.text()).toContain('直播中')
    await page.utils.act(async () => (page.container.querySelector('.alfa-live-detail__stream') as HTMLElement).click())
    expect(navigate.mock.calls[0][0].url).toMatch(/^\/subPkg\/pages\/live\/index\?liveId=LIVE001&ts=/)
  })

  it('a removed or unknown comment is not found', async () => {
    const page = await openPage(CommentDetailPage, DETAIL, { commentId: '99' }, { CommentDetail: () => ({ liveComment: null }) })
    expect(page.text()).toContain('评论不存在')
  })

  it('an id that is not a comment id is not asked', async () => {
    const bad = await openPage(CommentDetailPage, DETAIL, { commentId: 'abc' }, {})
    expect(bad.text()).toContain('评论不存在')
    expect(bad.execute).not.toHaveBeenCalled()
  })
})
