import { Text, View } from '@tarojs/components'
import { useMemo } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { currentDownloadHost } from '@/platform/appHost'
import { AppHeader } from './AppHeader'
import { useAppConfig } from './appConfig'
import { StoreActions } from './StoreActions'
import { WechatHint } from './WechatHint'
import '../index.scss'

/** 下载指引: the install steps from configuration, with the download for this device. */
export function AppDownloadGuideScreen() {
  const { state, data, stale, reload } = useAppConfig()
  const host = useMemo(currentDownloadHost, [])
  return (
    <View className='alfa-site'>
      <AsyncContent
        state={state}
        stale={stale}
        onRetry={() => reload()}
        emptyTitle='暂无下载指引'
        emptyDescription='下载信息尚未配置，请稍后再来。'
        skeleton={{ rows: 6 }}
      >
        {data && (
          <>
            {host.place === 'wechat' && <WechatHint text={data.wechatHint} />}
            <AppHeader config={data} />
            <View className='alfa-site-steps'>
              {data.guide.map((step, i) => (
                <View key={step} className='alfa-site-steps__step'>
                  <Text className='alfa-site-steps__no'>{i + 1}</Text>
                  <Text className='alfa-site-steps__text'>{step}</Text>
                </View>
              ))}
            </View>
            <StoreActions config={data} host={host} />
          </>
        )}
      </AsyncContent>
    </View>
  )
}
