import { Text, View } from '@tarojs/components'

/** WeChat's browser neither downloads packages nor opens apps: how to go on in the system browser. */
export function WechatHint({ text }: { text: string }) {
  return (
    <View className='alfa-site-hint' role='note'>
      <Text className='alfa-site-hint__arrow'>↗</Text>
      <Text className='alfa-site-hint__text'>{text}</Text>
    </View>
  )
}
