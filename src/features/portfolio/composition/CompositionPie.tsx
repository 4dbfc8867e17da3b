import { useMemo } from 'react'
import { PieChart } from '@/components/Chart/PieChart'
import type { PortfolioCompositionFragment } from '@/services/generated/graphql'
import { groupName } from './CompositionList'

/** The composition groups as a donut with a legend of names and percents. */
export function CompositionPie({ composition }: { composition: PortfolioCompositionFragment }) {
  const items = useMemo(() => composition.groups.map((g) => ({ name: groupName(g), value: g.percent })), [composition.groups])
  return <PieChart items={items} label='策略持仓构成' />
}
