import { Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { toast } from '@/services/toast'
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

/** A small dialog asking for a filter's name (Taro's modal cannot take text on every platform). */
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
    <View className='alfa-name-prompt' role='dialog' aria-label={title}>
      <View className='alfa-name-prompt__box'>
        <Text className='alfa-name-prompt__title'>{title}</Text>
        <Input
          className='alfa-name-prompt__input'
          value={name}
          maxlength={NAME_MAX}
          focus
          placeholder='给筛选起个名字'
          onInput={(e) => setName(e.detail.value)}
          onConfirm={confirm}
        />
        <View className='alfa-name-prompt__actions'>
          <View className='alfa-name-prompt__cancel' role='button' onClick={onCancel}>取消</View>
          <View className='alfa-name-prompt__confirm' role='button' onClick={confirm}>{confirmText}</View>
        </View>
      </View>
    </View>
  )
}
