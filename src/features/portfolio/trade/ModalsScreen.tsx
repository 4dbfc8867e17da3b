import { Button, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { StaleNotice } from '@/components/AsyncContent'
import { Card } from '@/components/Card'
import { useShareSubject } from '@/components/Page'
import { useRemote } from '@/hooks/remote'
import { expiringStorage } from '@/services/storage'
import { PortfolioPending } from '../PortfolioPending'
import { PortfolioTitle } from '../PortfolioTitle'
import { usePoCode } from '../hooks'
import { riskLevelName } from '../risk'
import './index.scss'
import { loadModals } from './load'

/** How long an acknowledgement is remembered on this device. */
const READ_TTL_MS = 365 * 24 * 3600_000

type NoticeKey = 'risk' | 'smartAip'

const readKey = (notice: NoticeKey, poCode: string) => `alfa_po_read:${notice}:${poCode || '*'}`

const RISK_TEXT = [
  '基金投资有风险，策略过往业绩不代表未来表现，策略的收益不构成对未来收益的承诺。',
  '策略按组合比例配置基金，组合净值会随市场波动，可能出现亏损。请根据自身的风险承受能力、投资期限和投资目标谨慎选择。',
  '本页展示的策略数据为演示数据，仅供了解产品功能，不构成投资建议。',
]

const SMART_AIP_TEXT = [
  '智能定投根据市场估值调整每期买入金额：低估时多买，高估时少买。调整后的金额可能高于或低于您设置的基础金额。',
  '智能定投不能保证盈利，也不能规避市场下跌的风险；估值信号基于历史数据，可能失效。',
]

/** A notice with its 我已阅读 acknowledgement, remembered per device. */
function Notice({ notice, poCode, title, paragraphs }: { notice: NoticeKey; poCode: string; title: string; paragraphs: string[] }) {
  const key = readKey(notice, poCode)
  const [read, setRead] = useState(() => expiringStorage.get<boolean>(key) === true)
  const acknowledge = () => {
    expiringStorage.set(key, true, READ_TTL_MS)
    setRead(true)
  }
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
        <Button className='alfa-po-notice__ack' onClick={acknowledge}>
          我已阅读
        </Button>
      )}
    </Card>
  )
}

/** The notices a user must read before following a strategy: the risk disclosure and, where it applies, the smart-AIP disclaimer. */
export function ModalsScreen() {
  const poCode = usePoCode()
  const { state, data, stale, reload } = useRemote(`modals:${poCode}`, () => loadModals(poCode), { empty: () => false })
  const po = data?.portfolio ?? null
  useShareSubject(po?.poName)
  if (state !== 'ready' || !data) return <PortfolioPending state={state} onRetry={() => void reload()} rows={6} />
  const riskText = po ? [`该策略风险等级为${riskLevelName(po.riskLevel, po.seriesType)}。`, ...RISK_TEXT] : RISK_TEXT
  return (
    <View className='alfa-po'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      {po && <PortfolioTitle poName={po.poName} poCode={po.poCode} />}
      <Notice notice='risk' poCode={poCode} title='风险揭示' paragraphs={riskText} />
      {data.smartAipDisclaimer && <Notice notice='smartAip' poCode={poCode} title='智能定投免责声明' paragraphs={SMART_AIP_TEXT} />}
    </View>
  )
}
