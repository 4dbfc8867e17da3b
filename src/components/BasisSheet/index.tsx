import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import AtModal from 'taro-ui/lib/components/modal'
import AtModalAction from 'taro-ui/lib/components/modal/action'
import AtModalHeader from 'taro-ui/lib/components/modal/header'
import '../../styles/taro-ui/modal.scss'
import './index.scss'

/**
 * The 口径 sheet (issue #25): how a figure on screen was computed, in a dialog that scrolls, closed
 * by 知道了 or a tap outside. The fund, strategy and calculator screens fill it with their own steps.
 */
export function BasisSheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <View className='alfa-basis' role='dialog' aria-modal aria-label={title}>
      <AtModal isOpened onClose={onClose}>
        <AtModalHeader>{title}</AtModalHeader>
        <View className='alfa-basis__body'>{children}</View>
        <AtModalAction>
          <View className='alfa-basis__close' role='button' onClick={onClose}>
            知道了
          </View>
        </AtModalAction>
      </AtModal>
    </View>
  )
}

/** The steps of a computation, one paragraph each. */
export function BasisSteps({ steps }: { steps: readonly string[] }) {
  return (
    <View className='alfa-basis__steps'>
      {steps.map((s, i) => (
        <View key={i} className='alfa-basis__step'>
          {s}
        </View>
      ))}
    </View>
  )
}

/** A sheet of steps alone (a screen that lazy-loads its sheets takes this one component). */
export function StepsSheet({ title, steps, onClose }: { title: string; steps: readonly string[]; onClose: () => void }) {
  return (
    <BasisSheet title={title} onClose={onClose}>
      <BasisSteps steps={steps} />
    </BasisSheet>
  )
}
