import { Button, Text, View } from '@tarojs/components'
import { useEffect } from 'react'
import { assignLocation, replaceLocation } from '@/platform/web'
import { parseUrl } from '@/utils/url'
import type { WebFrameProps } from './WebFrame'
import './index.scss'

export type { WebFrameProps }

/**
 * H5: the web iframe frames the page, with a link to open it in this tab should the site refuse
 * to be framed; the other web pages leave for it in this tab (back returns to the app).
 */
export function WebFrame({ url, frame }: WebFrameProps) {
  const host = parseUrl(url).host
  useEffect(() => {
    if (frame === 'leave') replaceLocation(url)
  }, [frame, url])
  if (frame === 'iframe')
    return (
      <View className='alfa-web alfa-web--iframe'>
        <iframe className='alfa-web__iframe' src={url} title={host} sandbox='allow-scripts allow-same-origin allow-forms allow-popups' />
        <View className='alfa-web__fallback' role='link' onClick={() => assignLocation(url)}>
          页面显示不完整？在当前窗口打开
        </View>
      </View>
    )
  return (
    <View className='alfa-web alfa-web--leave'>
      <Text className='alfa-web__title'>正在前往 {host}</Text>
      <Text className='alfa-web__hint'>如果页面没有自动打开，请点击下方按钮。</Text>
      <Button role='button' className='alfa-web__go' onClick={() => assignLocation(url)}>
        继续访问
      </Button>
    </View>
  )
}
