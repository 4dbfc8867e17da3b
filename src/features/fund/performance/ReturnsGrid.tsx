import { useState } from 'react'
import { FigureGrid, SignedRate } from '@/components/Figure'
import type { FundReturnsGridFragment } from '@/services/generated/graphql'
import { FigureBasisSheet } from '@/features/basis'

/**
 * Returns over the standard periods, three to a row (fragment FundReturnsGrid). A tap on a figure
 * shows how it was computed (口径: FigureBasisSheet).
 */
export function ReturnsGrid({ items, fundCode }: { items: ReadonlyArray<FundReturnsGridFragment>; fundCode: string }) {
  const [basis, setBasis] = useState<string | null>(null)
  return (
    <>
      <FigureGrid
        cellClassName='alfa-fund-grid__cell'
        cells={items.map((r) => ({
          key: r.period,
          figure: <SignedRate value={r.value} className='alfa-figures__value' />,
          label: r.label,
          data: { 'data-period': r.period },
          onTap: r.value === null ? undefined : { run: () => setBasis(r.period) },
        }))}
      />
      {basis && <FigureBasisSheet fundCode={fundCode} figure={basis} onClose={() => setBasis(null)} />}
    </>
  )
}
