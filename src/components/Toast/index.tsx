import { View, Text } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { toast as defaultStore, type ToastStore } from '@/services/toast'
import './index.scss'

export interface ToastProps {
  /** The store to show; the app's toast by default. */
  store?: ToastStore
}

/** The app's one toast host: place it once per page (the Page shell). */
function Toast({ store = defaultStore }: ToastProps) {
  if (!store.show) return null
  return (
    <View className='alfa-toast' role='status' aria-live='polite'>
      <View className={`alfa-toast__body ${store.type === 'loading' ? 'alfa-toast__body--loading' : ''}`}>
        {store.type === 'loading' && <View className='alfa-toast__spinner' aria-hidden='true' />}
        <Text className='alfa-toast__text'>{store.content}</Text>
      </View>
    </View>
  )
}

export default observer(Toast)
