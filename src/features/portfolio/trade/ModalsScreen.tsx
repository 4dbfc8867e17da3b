import { Button, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { StaleNotice } from '@/components/AsyncContent'
import { Card } from '@/components/Card'
import { useShareSubject } from '@/components/Page'
import { useRemote } from '@/hooks/remote'
import { navigateTo, routeUrl } from '@/services/navigation'
import { PortfolioPending } from '../PortfolioPending'
import { PortfolioTitle } from '../PortfolioTitle'
import { usePoCode } from '../hooks'
import { riskLevelName } from '../risk'
import './index.scss'
import { loadModals } from './load'
import { isNoticeRead, markNoticeRead, NOTICE_KEYS, NOTICE_NEXT, type NoticeKey, type NoticeNext } from './notices'

const RISK_TEXT = [
  '基金投资有风险，策略过往业绩不代表未来表现，策略的收益不构成对未来收益的承诺。',
  '策略按组合比例配置基金，组合净值会随市场波动，可能出现亏损。请根据自身的风险承受能力、投资期限和投资目标谨慎选择。',
  '本页展示的策略数据为演示数据，仅供了解产品功能，不构成投资建议。',
]

const SMART_AIP_TEXT = [
  '智能定投根据市场估值调整每期买入金额：低估时多买，高估时少买。调整后的金额可能高于或低于您设置的基础金额。',
  '智能定投不能保证盈利，也不能规避市场下跌的风险；估值信号基于历史数据，可能失效。',
]

/** A notice with its 我已阅读 acknowledgement. */
function Notice({
  notice,
  title,
  paragraphs,
  read,
  onRead,
}: {
  notice: NoticeKey
  title: string
  paragraphs: string[]
  read: boolean
  onRead: () => void
}) {
  return (
    <Card title={title} className={`alfa-po-notice alfa-po-notice--${notice}`}>
      {paragraphs.map((p) => (
        <Text key={p} className='alfa-po-text alfa-po-notice__text'>
          {p}
        </Text>
      ))}
      {read ? (
        <View className='alfa-po-notice__read' role='status'>
          ✓ 已阅读
        </View>
      ) : (
        <Button role='button' className='alfa-po-notice__ack' onClick={onRead}>
          我已阅读
        </Button>
      )}
    </Card>
  )
}

/** The modals' parameters: the screen to go on to once the listed notices are read (none: every notice, to read). */
function useNext(): { next: NoticeNext | null; wanted: NoticeKey[] | null } {
  const { params } = useRouter()
  const next = NOTICE_NEXT.find((n) => n === params.next) ?? null
  if (!next) return { next: null, wanted: null }
  const listed = String(params.notices ?? '').split(',')
  return { next, wanted: NOTICE_KEYS.filter((k) => listed.includes(k)) }
}

/**
 * The notices a user reads before the trade rules and the smart-AIP advices: the risk disclosure and,
 * where it applies, the smart-AIP disclaimer. Opened on the way to one of those screens (trade/notices.ts),
 * it goes on to it once the notices asked for are acknowledged; the acknowledgement is kept.
 */
export function ModalsScreen() {
  const poCode = usePoCode()
  const { next, wanted } = useNext()
  const { state, data, stale, reload } = useRemote(`modals:${poCode}`, () => loadModals(poCode), { empty: () => false })
  const [read, setRead] = useState<Record<NoticeKey, boolean>>(() => ({
    risk: isNoticeRead('risk', poCode),
    smartAip: isNoticeRead('smartAip', poCode),
  }))
  const po = data?.portfolio ?? null
  useShareSubject(po?.poName)
  const applies = (k: NoticeKey) => (k === 'smartAip' ? !!data?.smartAipDisclaimer : true) && (!wanted || wanted.includes(k))
  const shown = data ? NOTICE_KEYS.filter(applies) : []
  const done = !!next && state === 'ready' && !!data && shown.every((k) => read[k])
  useEffect(() => {
    // On the way to another screen: it opens in place of the modals once every notice is read.
    // Taro's redirectTo here rather than the navigation service's: that one would join the full main package.
    if (done && next) Taro.redirectTo({ url: routeUrl(next, { poCode }) }).catch(() => navigateTo(next, { poCode }))
  }, [done, next, poCode])
  if (state !== 'ready' || !data) return <PortfolioPending state={state} onRetry={() => void reload()} rows={6} />
  const acknowledge = (k: NoticeKey) => {
    markNoticeRead(k, poCode)
    setRead((r) => ({ ...r, [k]: true }))
  }
  const riskText = po ? [`该策略风险等级为${riskLevelName(po.riskLevel, po.seriesType)}。`, ...RISK_TEXT] : RISK_TEXT
  return (
    <View className='alfa-po'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      {po && <PortfolioTitle poName={po.poName} poCode={po.poCode} />}
      {shown.includes('risk') && (
        <Notice notice='risk' title='风险揭示' paragraphs={riskText} read={read.risk} onRead={() => acknowledge('risk')} />
      )}
      {shown.includes('smartAip') && (
        <Notice
          notice='smartAip'
          title='智能定投免责声明'
          paragraphs={SMART_AIP_TEXT}
          read={read.smartAip}
          onRead={() => acknowledge('smartAip')}
        />
      )}
    </View>
  )
}
