import { AsyncContent } from '@/components/AsyncContent'
import { BasisSheet, BasisSteps } from '@/components/BasisSheet'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { AipPlanBasisDocument, type AipCalculationInput } from '@/services/generated/graphql'
import { planBasisSteps } from './planBasis'

/** 口径 of the plan on screen: its purchases and distributions asked when opened, the computation in words. */
export function PlanBasisSheet({ input, onClose }: { input: AipCalculationInput; onClose: () => void }) {
  const { state, data, reload } = useRemote(
    `aipPlanBasis:${JSON.stringify(input)}`,
    () => execute(AipPlanBasisDocument, { input }).then((r) => r.aipCalculation),
    { empty: () => false, cache: false },
  )
  return (
    <BasisSheet title='定投结果的计算口径' onClose={onClose}>
      <AsyncContent state={state} onRetry={() => reload()} skeleton={{ rows: 5 }}>
        {data && <BasisSteps steps={planBasisSteps(data)} />}
      </AsyncContent>
    </BasisSheet>
  )
}
