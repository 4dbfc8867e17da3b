import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { SignedRate, Tag } from '@/components/Figure'
import type { PortfolioCompositionFragment } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { formatPercent } from '@/utils/format'
import { MOVEMENT_NAMES } from '@alfa/common/labels'
import { FundNavFigures } from './FundNavFigures'
import type { CompositionSource } from './GroupProfitBasis'
import { GroupProfitBasis } from '../sheets'
import { FigureBasisSheet } from '@/features/basis'
import './index.scss'

type Group = PortfolioCompositionFragment['groups'][number]
type Part = Group['parts'][number]

/** The name a composition group shows (the dictionary's name, else its code). */
export const groupName = (g: Pick<Group, 'categoryName' | 'categoryCode'>) => g.categoryName ?? g.categoryCode

function PartRow({ part, onDaily }: { part: Part; onDaily: (fundCode: string) => void }) {
  const { fund } = part
  const movement = part.latestMovementName ?? MOVEMENT_NAMES[part.latestMovement]
  return (
    <View
      className='alfa-po-comp__part'
      role='link'
      data-fund-code={fund.fundCode}
      onClick={() => navigateTo('fund', { fundCode: fund.fundCode })}
    >
      <View className='alfa-po-comp__line'>
        <Text className='alfa-po-comp__fund'>{fund.fundName}</Text>
        <Text className='alfa-po-comp__percent'>{formatPercent(part.percent)}</Text>
      </View>
      <View className='alfa-po-comp__line alfa-po-comp__line--sub'>
        <View className='alfa-po-comp__meta'>
          <Text className='alfa-po-comp__code'>{fund.fundCode}</Text>
          {part.varietyName && <Text className='alfa-po-comp__variety'>{part.varietyName}</Text>}
          {part.unit != null && <Text className='alfa-po-comp__variety'>{`${part.unit}份`}</Text>}
          <Text className={`alfa-po-comp__move alfa-po-comp__move--${part.latestMovement}`}>{movement}</Text>
        </View>
        <FundNavFigures fund={fund} onBasis={onDaily} />
      </View>
    </View>
  )
}

/**
 * The composition grouped by category: each group's percent, units (long-win plans) and
 * accumulated profit rate (with `source`, a button that opens its 口径), then its funds with
 * percent, variety, latest movement, NAV and daily return (which opens its 口径); a fund opens its fund page.
 */
export function CompositionList({ composition, source }: { composition: PortfolioCompositionFragment; source?: CompositionSource }) {
  const [basis, setBasis] = useState<Group | null>(null)
  // A fund's 日涨跌幅 口径: the sheet sits outside the rows, whose taps open the fund page.
  const [daily, setDaily] = useState<string | null>(null)
  return (
    <View className='alfa-po-comp'>
      {composition.groups.map((g) => (
        <View key={g.categoryCode} className='alfa-po-comp__group' data-category={g.categoryCode}>
          <View className='alfa-po-comp__head'>
            <Text className='alfa-po-comp__name'>{groupName(g)}</Text>
            {g.unit != null && <Tag>{`${g.unit}份`}</Tag>}
            <Text className='alfa-po-comp__head-percent'>{formatPercent(g.percent)}</Text>
          </View>
          {g.accProfitRate != null && (
            <View
              className='alfa-po-comp__profit'
              {...(source && {
                role: 'button',
                'aria-haspopup': 'dialog',
                'data-figure': 'accProfitRate',
                onClick: () => setBasis(g),
              })}
            >
              <Text className='alfa-po-muted'>累计收益率 </Text>
              <SignedRate value={g.accProfitRate} />
            </View>
          )}
          {g.parts.map((p) => (
            <PartRow key={p.fund.fundCode} part={p} onDaily={setDaily} />
          ))}
        </View>
      ))}
      {basis && source && (
        <GroupProfitBasis
          source={source}
          categoryCode={basis.categoryCode}
          name={groupName(basis)}
          shown={String(basis.accProfitRate)}
          onClose={() => setBasis(null)}
        />
      )}
      {daily && <FigureBasisSheet fundCode={daily} figure='DAILY' onClose={() => setDaily(null)} />}
    </View>
  )
}
