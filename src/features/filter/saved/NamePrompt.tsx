import { Input, View } from '@tarojs/components'
import { useState } from 'react'
import AtModal from 'taro-ui/lib/components/modal'
import AtModalAction from 'taro-ui/lib/components/modal/action'
import AtModalHeader from 'taro-ui/lib/components/modal/header'
import { toast } from '@/services/toast'
import '../../../styles/taro-ui/modal.scss'
import './NamePrompt.scss'

/** Saved filter names are 1 to 50 characters (the server's rule). */
export const NAME_MAX = 50
export const NAME_INVALID_TEXT = '请输入1-50个字的名称'

export interface NamePromptProps {
  title: string
  initial?: string
  confirmText?: string
  onConfirm: (name: string) => void
  onCancel: () => void
}

/**
 * A dialog asking for a filter's name (taro-ui's AtModal; Taro's own modal cannot take text on
 * every platform). Open while mounted; a tap on the backdrop does not close it, so a typed name
 * is not lost. The input sits in a plain body, not AtModalContent's scroll view, where a
 * mini-program input misplaces its text; the actions are Views, which look the same on every
 * platform (taro-ui styles native buttons, and Taro's H5 Button is a div with its own look).
 */
export function NamePrompt({ title, initial = '', confirmText = '确定', onConfirm, onCancel }: NamePromptProps) {
  const [name, setName] = useState(initial)
  const confirm = () => {
    const trimmed = name.trim()
    if (!trimmed || trimmed.length > NAME_MAX) {
      void toast.open(NAME_INVALID_TEXT)
      return
    }
    onConfirm(trimmed)
  }
  return (
    <View className='alfa-name-prompt' role='dialog' aria-modal aria-label={title}>
      <AtModal isOpened closeOnClickOverlay={false}>
        <AtModalHeader>{title}</AtModalHeader>
        <View className='alfa-name-prompt__body'>
          <Input
            className='alfa-name-prompt__input'
            value={name}
            maxlength={NAME_MAX}
            focus
            placeholder='给筛选起个名字'
            onInput={(e) => setName(e.detail.value)}
            onConfirm={confirm}
          />
        </View>
        <AtModalAction>
          <View className='alfa-name-prompt__cancel' role='button' onClick={onCancel}>
            取消
          </View>
          <View className='alfa-name-prompt__confirm' role='button' onClick={confirm}>
            {confirmText}
          </View>
        </AtModalAction>
      </AtModal>
    </View>
  )
}
