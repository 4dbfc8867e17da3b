import { Text, View } from '@tarojs/components'
import { openLink } from '@/services/links'
import './index.scss'

/**
 * A link (FAQ, trade rules, community) opened through the link rules: an app page in the app, an
 * allowed page as a web page, anything else on the refusal page. Without a url the text stays as
 * plain text when it says something itself (`plain`), else nothing shows.
 */
export function ExternalLink({ url, text, plain = false }: { url: string | null | undefined; text: string; plain?: boolean }) {
  if (!url) return plain ? <Text className='alfa-po-text'>{text}</Text> : null
  return (
    <View className='alfa-po-link' role='link' onClick={() => openLink(url)}>
      {text} ›
    </View>
  )
}
