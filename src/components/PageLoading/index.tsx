import { View } from '@tarojs/components'
import './index.scss'

export interface PageLoadingProps {
  /** Text under the spinner (default 正在加载). */
  text?: string
}

/** The page-loading placeholder: a spinner, the text and a skeleton of the first screen. */
export function PageLoading({ text = '正在加载' }: PageLoadingProps) {
  return (
    <View className='alfa-page-loading' role='status' aria-live='polite'>
      <View className='alfa-page-loading__spinner' />
      <View className='alfa-page-loading__text'>{text}</View>
      <View className='alfa-page-loading__skeleton'>
        <View className='alfa-page-loading__bar alfa-page-loading__bar--wide' />
        <View className='alfa-page-loading__bar' />
        <View className='alfa-page-loading__bar alfa-page-loading__bar--short' />
      </View>
    </View>
  )
}
