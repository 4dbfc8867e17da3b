import { Button, Text, View } from '@tarojs/components'
import './index.scss'

export interface EmptyProps {
  /** Headline (e.g. 页面不存在). */
  title: string
  /** One line saying what happened or what to do next. */
  description?: string
  /** Label of the action button; no button without it. */
  actionText?: string
  onAction?: () => void
  /** Tone of the mark: neutral for empty lists, error for failures (default neutral). */
  tone?: 'neutral' | 'error'
}

/** Empty, not-found and error states: a mark, a headline, a hint and one way forward. */
export function Empty({ title, description, actionText, onAction, tone = 'neutral' }: EmptyProps) {
  return (
    <View className={`alfa-empty alfa-empty--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <View className='alfa-empty__mark' />
      <Text className='alfa-empty__title'>{title}</Text>
      {description && <Text className='alfa-empty__description'>{description}</Text>}
      {actionText && (
        <Button className='alfa-empty__action' role='button' onClick={onAction}>
          {actionText}
        </Button>
      )}
    </View>
  )
}
