import { Text, View } from '@tarojs/components'
import AtModal from 'taro-ui/lib/components/modal'
import AtModalAction from 'taro-ui/lib/components/modal/action'
import AtModalHeader from 'taro-ui/lib/components/modal/header'
import { AsyncContent } from '@/components/AsyncContent'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { AipPlanBasisDocument, type AipCalculationInput } from '@/services/generated/graphql'
import { planBasisSteps } from './planBasis'
import '../../styles/taro-ui/modal.scss'

/** 口径 of the plan on screen: its purchases and distributions asked when opened, the computation in words. */
export function PlanBasisSheet({ input, onClose }: { input: AipCalculationInput; onClose: () => void }) {
  const { state, data, reload } = useRemote(
    `aipPlanBasis:${JSON.stringify(input)}`,
    () => execute(AipPlanBasisDocument, { input }).then((r) => r.aipCalculation),
    { empty: () => false, cache: false },
  )
  return (
    <View className='alfa-aip-basis' role='dialog' aria-modal aria-label='定投结果的计算口径'>
      <AtModal isOpened onClose={onClose}>
        <AtModalHeader>定投结果的计算口径</AtModalHeader>
        <View className='alfa-aip-basis__body'>
          <AsyncContent state={state} onRetry={() => reload()} skeleton={{ rows: 5 }}>
            {data &&
              planBasisSteps(data).map((s, i) => (
                <Text key={i} className='alfa-aip-basis__step'>
                  {s}
                </Text>
              ))}
          </AsyncContent>
        </View>
        <AtModalAction>
          <View className='alfa-aip-basis__close' role='button' onClick={onClose}>
            知道了
          </View>
        </AtModalAction>
      </AtModal>
    </View>
  )
}
