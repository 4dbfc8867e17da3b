import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import AtModal from 'taro-ui/lib/components/modal'
import AtModalAction from 'taro-ui/lib/components/modal/action'
import AtModalHeader from 'taro-ui/lib/components/modal/header'
import { AsyncContent, StaleNotice } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { Tag } from '@/components/Figure'
import { LoadMore } from '@/components/LoadMore'
import { usePaged } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { AipAdvicesDocument, type RecordsAipAdviceFragment } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { expiringStorage } from '@/services/storage'
import { formatDate, formatMultiple, DATE, DATE_TIME } from '@/utils/format'
import { PortfolioPending } from '../PortfolioPending'
import { RecordsTitle } from './RecordsTitle'
import { pageInput } from './paging'
import '../../../styles/taro-ui/modal.scss'

const DISCLAIMER_KEY = 'smart_aip_disclaimer:'
/** Once acknowledged, the disclaimer of a strategy stays away on this device for a year. */
const DISCLAIMER_TTL_MS = 365 * 24 * 3600_000

export const SMART_AIP_DISCLAIMER =
  '定投建议由策略根据市场估值等因素给出，仅供参考，不构成投资建议。定投不能规避基金投资所固有的风险，不能保证获得收益，也不是替代储蓄的等效理财方式。过往业绩不代表未来表现，请根据自身情况谨慎决策。'

export const disclaimerAcknowledged = (poCode: string) => expiringStorage.get<boolean>(DISCLAIMER_KEY + poCode) === true

/** The smart-AIP disclaimer: the list stays behind it until 我知道了. */
function SmartAipDisclaimer({ onAcknowledge }: { onAcknowledge: () => void }) {
  return (
    <View className='alfa-po-aip-disclaimer' role='dialog' aria-modal aria-label='智能定投说明'>
      <AtModal isOpened closeOnClickOverlay={false}>
        <AtModalHeader>智能定投说明</AtModalHeader>
        <View className='alfa-po-aip-disclaimer__body'>
          <Text className='alfa-po-text'>{SMART_AIP_DISCLAIMER}</Text>
        </View>
        <AtModalAction>
          <View className='alfa-po-aip-disclaimer__ok' role='button' onClick={onAcknowledge}>
            我知道了
          </View>
        </AtModalAction>
      </AtModal>
    </View>
  )
}

/** One suggestion (the list's card and the detail's head): issue, buy date and multiple, valid-until time, its introduction. */
export function AipAdviceSummary({ advice }: { advice: RecordsAipAdviceFragment }) {
  const intro = advice.introduction
  return (
    <View className='alfa-po-aip__summary'>
      <View className='alfa-po-aip__head'>
        <Text className='alfa-po-aip__issue'>第{advice.issueNumber}期</Text>
        <Text className='alfa-po-muted'>买入日 {formatDate(advice.buyDate, DATE)}</Text>
      </View>
      <View className='alfa-po-aip__figures'>
        <View className='alfa-po-aip__figure'>
          {/* buyRate is a multiple of the plan's usual amount (1.5 倍 in a low market), not a share. */}
          <Text className='alfa-po-aip__value' data-figure='buyRate'>
            {formatMultiple(advice.buyRate)}
          </Text>
          <Text className='alfa-po-muted'>建议定投倍数</Text>
        </View>
        <View className='alfa-po-aip__figure'>
          <Text className='alfa-po-aip__value alfa-po-aip__value--time'>{formatDate(advice.buyValidUntilTime, DATE_TIME)}</Text>
          <Text className='alfa-po-muted'>有效期至</Text>
        </View>
      </View>
      {intro.tags.length > 0 && (
        <View className='alfa-po-aip__tags'>
          {intro.tags.map((t) => (
            <Tag key={t} tone='primary'>
              {t}
            </Tag>
          ))}
        </View>
      )}
      {intro.title && <Text className='alfa-po-rec__title'>{intro.title}</Text>}
    </View>
  )
}

/** Regular-investment (定投) suggestions, paged; the smart-AIP disclaimer first when the server asks for it. */
export function AipListScreen({ poCode }: { poCode: string }) {
  const [acknowledged, setAcknowledged] = useState(() => disclaimerAcknowledged(poCode))
  const { state, head, items, stale, more, reload, loadMore } = usePaged(
    `poAipList:${poCode}`,
    (cursor) => {
      if (!poCode) return Promise.resolve(null)
      // Whether to show the disclaimer comes with the first page (same round trip), unless it was acknowledged.
      const askPopup = !cursor && !disclaimerAcknowledged(poCode)
      return execute(AipAdvicesDocument, { poCode, page: pageInput(cursor), askPopup }).then((r) =>
        r.portfolio ? { ...r.portfolio, showPopup: !!r.displaySmartAipDisclaimerPopup } : null,
      )
    },
    { page: (p) => p.aipAdvices, empty: () => false },
  )

  if (state !== 'ready' || !head) return <PortfolioPending state={state} onRetry={() => void reload()} />
  const acknowledge = () => {
    expiringStorage.set(DISCLAIMER_KEY + poCode, true, DISCLAIMER_TTL_MS)
    setAcknowledged(true)
  }
  if (!head.isSupportSmartAip && !items.length) {
    return (
      <View className='alfa-po alfa-po-records'>
        <RecordsTitle poName={head.poName} poCode={poCode} />
        <Empty title='暂无定投建议' description='该策略不提供定投建议，可在策略详情页查看调仓和发车记录。' />
      </View>
    )
  }
  return (
    <View className='alfa-po alfa-po-records'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <RecordsTitle poName={head.poName} poCode={poCode} sub={`共${head.aipAdvices.totalCount}期定投建议`} />
      <AsyncContent
        state={items.length ? 'ready' : 'empty'}
        emptyTitle='暂无定投建议'
        emptyDescription='本策略还没有发布定投建议，发布后会在这里列出。'
      >
        <View className='alfa-po-aip-list'>
          {items.map((a) => (
            <View
              key={a.sigId}
              className='alfa-section alfa-po-aip'
              role='link'
              onClick={() => navigateTo('portfolioAipDetail', { poCode, sigId: a.sigId })}
            >
              <AipAdviceSummary advice={a} />
              <Text className='alfa-po-link'>查看本期建议 ›</Text>
            </View>
          ))}
        </View>
        <LoadMore status={more} onLoad={() => void loadMore()} />
      </AsyncContent>
      {head.showPopup && !acknowledged && <SmartAipDisclaimer onAcknowledge={acknowledge} />}
    </View>
  )
}
