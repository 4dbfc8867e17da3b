import { Text, View } from '@tarojs/components'
import { useMemo } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { currentDownloadHost } from '@/platform/appHost'
import { navigateTo } from '@/services/navigation'
import { AppFacts, AppHeader } from './AppHeader'
import { useAppConfig } from './appConfig'
import { StoreActions } from './StoreActions'
import { WechatHint } from './WechatHint'
import '../index.scss'

/** 下载App: the app, its highlights and facts, and the download for this device. */
export function AppDownloadScreen() {
  const { state, data, stale, reload } = useAppConfig()
  const host = useMemo(currentDownloadHost, [])
  return (
    <View className='alfa-site'>
      <AsyncContent
        state={state}
        stale={stale}
        onRetry={() => reload()}
        emptyTitle='暂未开放下载'
        emptyDescription='下载信息尚未配置，请稍后再来。'
        skeleton={{ rows: 6, figure: true }}
      >
        {data && (
          <>
            {host.place === 'wechat' && <WechatHint text={data.wechatHint} />}
            <AppHeader config={data} />
            {data.description && <Text className='alfa-site__text'>{data.description}</Text>}
            <StoreActions config={data} host={host} />
            {data.features.length > 0 && (
              <View className='alfa-site-features'>
                {data.features.map((f) => (
                  <Text key={f} className='alfa-site-features__item'>
                    {f}
                  </Text>
                ))}
              </View>
            )}
            <AppFacts config={data} />
            <View className='alfa-site__link' role='link' onClick={() => void navigateTo('appDownloadGuide')}>
              下载遇到问题？查看下载指引 ›
            </View>
          </>
        )}
      </AsyncContent>
    </View>
  )
}
