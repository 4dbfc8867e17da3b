import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { StaleNotice } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { useShareSubject } from '@/components/Page'
import type { PoFaqItemFragment } from '@/services/generated/graphql'
import { PortfolioPending } from '../PortfolioPending'
import { PortfolioTitle } from '../PortfolioTitle'
import { usePoCode, usePortfolioQuery } from '../hooks'
import './index.scss'
import { loadFaq } from './load'
import { ExternalLink } from './ExternalLink'

/** One question; tapping it shows or hides the answer. */
function FaqItem({ item, open, onToggle }: { item: PoFaqItemFragment; open: boolean; onToggle: () => void }) {
  return (
    <View className={`alfa-po-faq__item${open ? ' alfa-po-faq__item--open' : ''}`}>
      <View className='alfa-po-faq__question' role='button' aria-expanded={open} onClick={onToggle}>
        <Text className='alfa-po-faq__text'>{item.question}</Text>
        <Text className='alfa-po-faq__arrow' aria-hidden='true'>
          {open ? '−' : '+'}
        </Text>
      </View>
      {open && (
        <View className='alfa-po-faq__answer'>
          <Text className='alfa-po-text'>{item.answer}</Text>
          <ExternalLink url={item.link} text='了解更多' />
        </View>
      )}
    </View>
  )
}

/** Questions users ask about the strategy (PoFaq, or LongwinFaq for long-win plans), as an accordion. */
export function FaqScreen() {
  const poCode = usePoCode()
  const { state, data: po, stale, reload } = usePortfolioQuery('faq', poCode, loadFaq)
  const [open, setOpen] = useState<number | null>(null)
  useShareSubject(po?.poName)
  if (state !== 'ready' || !po) return <PortfolioPending state={state} onRetry={() => void reload()} rows={6} />
  return (
    <View className='alfa-po'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <PortfolioTitle poName={po.poName} poCode={po.poCode} />
      {po.faq.length === 0 ? (
        <Empty title='暂无常见问题' description='该策略还没有整理常见问题，可查看交易须知了解买卖规则。' />
      ) : (
        <View className='alfa-po-faq'>
          {po.faq.map((item, i) => (
            <FaqItem key={item.question} item={item} open={open === i} onToggle={() => setOpen(open === i ? null : i)} />
          ))}
        </View>
      )}
    </View>
  )
}
