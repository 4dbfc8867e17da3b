import { Button, Text, View } from '@tarojs/components'
import { useEffect, useRef } from 'react'
import { goBack, goHome } from '@/services/navigation'
import '../index.scss'

/**
 * 返回: a page whose opening means "go back" (a link or the native app may send a user here). It
 * goes back at once: in the native app back, then the page closes after 60 ms if it is still
 * there (spec section 9); elsewhere back, or home when there is nothing to go back to.
 */
export function BackScreen() {
  const gone = useRef(false)
  useEffect(() => {
    if (gone.current) return
    gone.current = true
    goBack()
  }, [])
  return (
    <View className='alfa-site alfa-site--center'>
      <Text className='alfa-site__status'>正在返回上一页…</Text>
      <Button role='button' className='alfa-site__secondary' onClick={() => void goHome()}>
        回到首页
      </Button>
    </View>
  )
}
