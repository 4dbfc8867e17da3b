import { Button, Text, View } from '@tarojs/components'
import { copyText } from '@/platform/clipboard'
import { goBackOrHome } from '@/services/navigation'
import { toast } from '@/services/toast'
import './index.scss'

export interface LinkRefusedProps {
  /** The address that was not opened, shown as given (text, never a link). */
  url: string
  /** Why, in one line (default: the allow-list rule). */
  reason?: string
}

/** Addresses longer than this are cut on screen (the copy button copies it whole). */
const SHOWN_CHARS = 600

/**
 * The refusal page of the link rules (services/links.ts): the address that was not opened, a
 * button that copies it, and a way back. Never a redirect.
 */
export function LinkRefused({ url, reason = '该网址不在可访问的网站范围内，为保护你的账户和资金安全，已停止访问。' }: LinkRefusedProps) {
  const copy = () =>
    void copyText(url).then(({ copied, notify }) => {
      if (notify) toast.open(copied ? '链接已复制，可在浏览器中打开' : '复制失败，请长按地址手动复制')
    })
  return (
    <View className='alfa-refused' role='alert'>
      <View className='alfa-refused__mark'>!</View>
      <Text className='alfa-refused__title'>无法打开此链接</Text>
      <Text className='alfa-refused__reason'>{reason}</Text>
      <View className='alfa-refused__address'>
        <Text className='alfa-refused__label'>链接地址</Text>
        <Text className='alfa-refused__url' selectable userSelect>
          {url.length > SHOWN_CHARS ? `${url.slice(0, SHOWN_CHARS)}…` : url || '（空）'}
        </Text>
      </View>
      <Text className='alfa-refused__hint'>如确认该网站可信，可复制链接后在浏览器中打开。</Text>
      <View className='alfa-refused__actions'>
        <Button role='button' className='alfa-refused__copy' onClick={copy}>
          复制链接
        </Button>
        <Button role='button' className='alfa-refused__back' onClick={() => void goBackOrHome()}>
          返回
        </Button>
      </View>
    </View>
  )
}
