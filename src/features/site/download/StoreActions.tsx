import { Button, Text, View } from '@tarojs/components'
import type { DownloadHost, StoreOs } from '@/platform/appStore'
import { copyText } from '@/platform/clipboard'
import { openLink } from '@/services/links'
import { toast } from '@/services/toast'
import type { AppConfig } from './appConfig'

/** What the download button says per store. */
export const STORE_LABELS: Record<StoreOs, string> = { ios: '前往 App Store 下载', android: '下载安卓安装包' }
const OTHER_LABELS: Record<StoreOs, string> = { ios: 'iPhone 用户前往 App Store', android: '安卓手机下载安装包' }

/** Copies a download link where the host cannot download (WeChat, mini-programs). */
function copyLink(url: string) {
  void copyText(url).then(({ copied, notify }) => {
    if (notify) toast.open(copied ? '下载链接已复制，请在浏览器中打开' : '复制失败，请稍后重试')
  })
}

/**
 * The download for this device (issue 21): the App Store on iOS, the Android package elsewhere,
 * through the link rules; where the host cannot download (WeChat's browser, a mini-program) the
 * link is copied for the system browser; inside the app there is nothing to download.
 */
export function StoreActions({ config, host }: { config: AppConfig; host: DownloadHost }) {
  const url = config.store[host.os]
  if (host.place === 'app') return <Text className='alfa-site__note'>你正在使用 {config.appName} App，无需再次下载。</Text>
  if (!url) return <Text className='alfa-site__note'>暂未提供{host.os === 'ios' ? ' iPhone ' : '安卓'}版下载，请稍后再来。</Text>
  if (host.place !== 'browser')
    return (
      <View className='alfa-site__actions'>
        <Button role='button' className='alfa-site__primary' onClick={() => copyLink(url)}>
          复制下载链接
        </Button>
        <Text className='alfa-site__note'>
          {host.place === 'wechat'
            ? '复制后在手机浏览器中打开即可下载，或按上方提示在浏览器中打开本页。'
            : '小程序内无法下载 App，复制链接后在手机浏览器中打开即可下载。'}
        </Text>
      </View>
    )
  const otherOs: StoreOs = host.os === 'ios' ? 'android' : 'ios'
  const other = config.store[otherOs]
  return (
    <View className='alfa-site__actions'>
      <Button role='button' className='alfa-site__primary' onClick={() => openLink(url)}>
        {STORE_LABELS[host.os]}
      </Button>
      {other && (
        <View className='alfa-site__link' role='link' onClick={() => openLink(other)}>
          {OTHER_LABELS[otherOs]} ›
        </View>
      )}
    </View>
  )
}
