import { FigureGrid, ToneText } from '@/components/Figure'
import type { PortfolioShowcaseFragment } from '@/services/generated/graphql'
import { MONEY_TYPE_NAMES, RISK_LEVEL_NAMES } from '@alfa/common/labels'
import './index.scss'

/** Showcase values an older server sent as enum codes read as their Chinese names. */
function showcaseText({ key, valueText }: PortfolioShowcaseFragment): string {
  if (key === 'riskLevel') return RISK_LEVEL_NAMES[valueText as keyof typeof RISK_LEVEL_NAMES] ?? valueText
  if (key === 'moneyType') return MONEY_TYPE_NAMES[valueText as keyof typeof MONEY_TYPE_NAMES] ?? valueText
  return valueText
}

/** Feature or performance showcase: each value in its font colour (Positive red, Negative green, Primary blue, …). */
export function Showcases({ items }: { items: ReadonlyArray<PortfolioShowcaseFragment> }) {
  return (
    <FigureGrid
      className='alfa-po-showcase'
      cellClassName='alfa-po-showcase__item'
      cells={items.map((item) => ({
        key: item.key,
        figure: (
          <ToneText tone={item.fontColor} className='alfa-figures__value alfa-po-showcase__value'>
            {showcaseText(item)}
          </ToneText>
        ),
        label: item.displayName,
        data: { 'data-key': item.key },
      }))}
    />
  )
}
