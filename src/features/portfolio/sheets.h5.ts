import type { ComponentProps } from 'react'
import { lazyPart } from '@/components/LazyPart/index.h5'
import type { GroupProfitBasis as Sheet } from './composition/GroupProfitBasis'
import type { StepsSheet as Steps } from '@/components/BasisSheet'

/**
 * H5: the strategy screens' 口径 sheets in one chunk of their own, loaded when a figure is first
 * tapped, not with the strategy detail's first screen (issue #24: its JS was over 120 KB with them).
 */
export const HistoryBasis = lazyPart(() => import(/* webpackChunkName: "po-sheets" */ './detail/HistoryBasis'), 'alfa-po-basis-pending')

export const ExpectedBasis = lazyPart(() => import(/* webpackChunkName: "po-sheets" */ './detail/ExpectedBasis'), 'alfa-po-basis-pending')

export const GroupProfitBasis = lazyPart<ComponentProps<typeof Sheet>>(
  () => import(/* webpackChunkName: "po-sheets" */ './composition/GroupProfitBasis').then((m) => ({ default: m.GroupProfitBasis })),
  'alfa-po-basis-pending',
)

export const ChartBasisSheet = lazyPart(
  () => import(/* webpackChunkName: "po-sheets" */ './detail/ChartBasisSheet'),
  'alfa-po-basis-pending',
)

export const StepsSheet = lazyPart<ComponentProps<typeof Steps>>(
  () => import(/* webpackChunkName: "po-sheets" */ '@/components/BasisSheet').then((m) => ({ default: m.StepsSheet })),
  'alfa-po-basis-pending',
)
