import { Text, View } from '@tarojs/components'
import { canOpenExternal, openExternal } from '@/services/external'
import './index.scss'

/**
 * A link to an outside page (through the allow-list). Without a url, or off the allow-list, the
 * text stays as plain text when it says something itself (`plain`), else nothing shows.
 */
export function ExternalLink({ url, text, plain = false }: { url: string | null | undefined; text: string; plain?: boolean }) {
  if (!url || !canOpenExternal(url)) return plain ? <Text className='alfa-po-text'>{text}</Text> : null
  return (
    <View className='alfa-po-link' role='link' onClick={() => openExternal(url)}>
      {text} ›
    </View>
  )
}
