import { FigureGrid, ToneText, type ColourTone } from '@/components/Figure'
import type { PortfolioShowcaseFragment } from '@/services/generated/graphql'
import { MONEY_TYPE_NAMES, RISK_LEVEL_NAMES } from '@alfa/common/labels'
import './index.scss'

const RATE_TEXT_RE = /^[+-]?\d+(\.\d+)?%$/
const ZERO_RATE_RE = /^[+-]?0(\.0*)?%$/

/** Showcase values an older server sent as enum codes read as their Chinese names. */
function showcaseText({ key, valueText }: PortfolioShowcaseFragment): string {
  if (key === 'riskLevel') return RISK_LEVEL_NAMES[valueText as keyof typeof RISK_LEVEL_NAMES] ?? valueText
  if (key === 'moneyType') return MONEY_TYPE_NAMES[valueText as keyof typeof MONEY_TYPE_NAMES] ?? valueText
  // A drawdown is a fall on every screen (as formatDrawdown shows it), whatever sign its text was written with.
  if (key === 'maxDrawdown' && RATE_TEXT_RE.test(valueText)) {
    const size = valueText.replace(/^[+-]/, '')
    return ZERO_RATE_RE.test(valueText) ? size : `-${size}`
  }
  return valueText
}

/** A drawdown's showcase is in the falling colour (Negative) like every drawdown; none shows plain. */
function showcaseTone({ key, valueText, fontColor }: PortfolioShowcaseFragment): ColourTone | null {
  if (key !== 'maxDrawdown') return fontColor
  return ZERO_RATE_RE.test(valueText) ? null : 'Negative'
}

/** A showcase's rate as a decimal ('8.61%' → 0.0861), null for any other text. */
export function showcaseRate(item: PortfolioShowcaseFragment): number | null {
  return RATE_TEXT_RE.test(item.valueText) ? Number(item.valueText.replace('%', '')) / 100 : null
}

/**
 * Feature or performance showcase: each value in its font colour (Positive red, Negative green, Primary
 * blue, …). `onFigure` makes a cell a button (its 口径) where it gives a handler for it.
 */
export function Showcases({
  items,
  onFigure,
}: {
  items: ReadonlyArray<PortfolioShowcaseFragment>
  onFigure?: (item: PortfolioShowcaseFragment) => (() => void) | null
}) {
  return (
    <FigureGrid
      className='alfa-po-showcase'
      cellClassName='alfa-po-showcase__item'
      cells={items.map((item) => ({
        key: item.key,
        figure: (
          <ToneText tone={showcaseTone(item)} className='alfa-figures__value alfa-po-showcase__value'>
            {showcaseText(item)}
          </ToneText>
        ),
        label: item.displayName,
        data: { 'data-key': item.key },
        onTap: onFigure?.(item) ? { run: onFigure(item)! } : undefined,
      }))}
    />
  )
}
