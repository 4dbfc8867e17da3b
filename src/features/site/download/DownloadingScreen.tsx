import { Button, Text, View } from '@tarojs/components'
import { useEffect, useMemo, useRef } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { currentDownloadHost } from '@/platform/appHost'
import { openLink } from '@/services/links'
import { navigateTo } from '@/services/navigation'
import { AppHeader } from './AppHeader'
import { useAppConfig } from './appConfig'
import { StoreActions, STORE_LABELS } from './StoreActions'
import { WechatHint } from './WechatHint'
import '../index.scss'

/**
 * 正在下载: in a browser the download for this device starts by itself (once), with a way to start
 * it again; WeChat and the mini-programs get the link to copy, the app says there is nothing to do.
 */
export function DownloadingScreen() {
  const { state, data, stale, reload } = useAppConfig()
  const host = useMemo(currentDownloadHost, [])
  const url = data?.store[host.os] ?? null
  const started = useRef(false)
  const autoStart = host.place === 'browser' && !!url
  useEffect(() => {
    if (!autoStart || !url || started.current) return
    started.current = true
    openLink(url)
  }, [autoStart, url])
  return (
    <View className='alfa-site'>
      <AsyncContent
        state={state}
        stale={stale}
        onRetry={() => reload()}
        emptyTitle='暂未开放下载'
        emptyDescription='下载信息尚未配置，请稍后再来。'
        skeleton={{ rows: 4, figure: true }}
      >
        {data && (
          <>
            {host.place === 'wechat' && <WechatHint text={data.wechatHint} />}
            <AppHeader config={data} />
            {autoStart && url ? (
              <View className='alfa-site__actions'>
                <Text className='alfa-site__status'>
                  {host.os === 'ios'
                    ? '正在前往 App Store…'
                    : `正在下载 ${data.appName}${data.version ? ` ${data.version}` : ''}${data.packageSize ? `（${data.packageSize}）` : ''}`}
                </Text>
                <Text className='alfa-site__note'>没有开始？点击下方按钮重新{host.os === 'ios' ? '打开' : '下载'}。</Text>
                <Button role='button' className='alfa-site__primary' onClick={() => openLink(url)}>
                  {host.os === 'ios' ? STORE_LABELS.ios : '重新下载'}
                </Button>
              </View>
            ) : (
              <StoreActions config={data} host={host} />
            )}
            <View className='alfa-site__link' role='link' onClick={() => void navigateTo('appDownloadGuide')}>
              安装遇到问题？查看下载指引 ›
            </View>
          </>
        )}
      </AsyncContent>
    </View>
  )
}
