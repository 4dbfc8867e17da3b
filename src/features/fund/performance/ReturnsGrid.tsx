import { FigureGrid, SignedRate } from '@/components/Figure'
import type { FundReturnsGridFragment } from '@/services/generated/graphql'

/** Returns over the standard periods, three to a row (fragment FundReturnsGrid). */
export function ReturnsGrid({ items }: { items: ReadonlyArray<FundReturnsGridFragment> }) {
  return (
    <FigureGrid
      cellClassName='alfa-fund-grid__cell'
      cells={items.map((r) => ({
        key: r.period,
        figure: <SignedRate value={r.value} className='alfa-figures__value' />,
        label: r.label,
        data: { 'data-period': r.period },
      }))}
    />
  )
}
