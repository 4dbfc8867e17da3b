import Taro, { useRouter } from '@tarojs/taro'
import { Button, Text, View } from '@tarojs/components'
import { useEffect, useMemo } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { Skeleton } from '@/components/Skeleton'
import { currentDownloadHost, openAppAddress } from '@/platform/appHost'
import { appSchemeUrl } from '@/platform/appStore'
import { openLink, planLink, urlParam } from '@/services/links'
import { navigateTo } from '@/services/navigation'
import { HOME, routes } from '@/routes'
import { AppHeader } from './AppHeader'
import { useAppConfig } from './appConfig'
import { WechatHint } from './WechatHint'
import '../index.scss'

/** The app page to open (`path`, an app path); the home page when it is missing or not one of ours. */
function usePath(): string {
  const { params } = useRouter()
  const path = urlParam(params.path)
  const plan = path ? planLink(path) : null
  return plan?.kind === 'app' ? path : `/${routes[HOME].page}`
}

/** Inside the app already: the page itself replaces this one. */
function OpenHere({ path }: { path: string }) {
  useEffect(() => {
    const plan = planLink(path)
    if (plan.kind === 'app') void Taro.redirectTo({ url: plan.url })
  }, [path])
  return <Skeleton rows={3} />
}

/**
 * 打开App: opens a page of the app in the provider's app (its scheme from configuration) where a
 * browser can; else says how (WeChat: the system browser), and the page can always be read here.
 */
export function AppOpenScreen() {
  const path = usePath()
  const { state, data, stale, reload } = useAppConfig()
  const host = useMemo(currentDownloadHost, [])
  if (host.place === 'app') return <OpenHere path={path} />
  const address = data?.scheme ? appSchemeUrl(data.scheme, path) : null
  return (
    <View className='alfa-site'>
      <AsyncContent
        state={state}
        stale={stale}
        onRetry={() => reload()}
        emptyTitle='暂时无法打开 App'
        emptyDescription='打开方式尚未配置，可以继续在这里浏览。'
        skeleton={{ rows: 4, figure: true }}
      >
        {data && (
          <>
            {host.place === 'wechat' && <WechatHint text={data.wechatHint} />}
            <AppHeader config={data} />
            <View className='alfa-site__actions'>
              {host.place === 'browser' && address ? (
                <Button role='button' className='alfa-site__primary' onClick={() => openAppAddress(address)}>
                  打开 {data.appName} App
                </Button>
              ) : (
                <Text className='alfa-site__note'>
                  {host.place === 'miniProgram'
                    ? '小程序内无法打开 App，可以继续在小程序中浏览。'
                    : '当前环境无法直接打开 App，可以继续在网页中浏览。'}
                </Text>
              )}
              <Button role='button' className='alfa-site__secondary' onClick={() => openLink(path)}>
                继续在{host.place === 'miniProgram' ? '小程序' : '网页'}中浏览
              </Button>
              <View className='alfa-site__link' role='link' onClick={() => void navigateTo('appDownload')}>
                还没有安装？下载 App ›
              </View>
            </View>
          </>
        )}
      </AsyncContent>
    </View>
  )
}
