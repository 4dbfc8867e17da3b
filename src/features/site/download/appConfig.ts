import { useRemote } from '@/hooks/remote'
import { AppDownloadConfigDocument, type AppDownloadConfigQuery } from '@/services/generated/graphql'
import { execute } from '@/services/graphql'
import type { StoreOs } from '@/platform/appStore'

/** The app's download settings (config `app_download` and its fragments, server/src/demo/siteContent.ts). */
export interface AppConfig {
  appName: string
  slogan: string | null
  description: string | null
  version: string | null
  packageSize: string | null
  updatedAt: string | null
  requirement: string | null
  developer: string | null
  /** The store link per system: the App Store page, the Android package. */
  store: Record<StoreOs, string | null>
  /** The provider's app scheme (open-in-app). */
  scheme: string | null
  wechatHint: string
  features: string[]
  guide: string[]
}

/** What WeChat's browser users are told when the configuration has no wording of its own. */
export const DEFAULT_WECHAT_HINT = '微信内无法直接下载或打开 App，请点击右上角「···」，选择「在浏览器打开」。'

/** The configuration as the pages read it; null when the server has none (the empty state). */
export function readAppConfig(data: AppDownloadConfigQuery): AppConfig | null {
  if (!data.app) return null
  const value = (key: string) => data.app?.elements.find((e) => e.key === key)?.value?.trim() || null
  const texts = (list: Array<{ content?: string | null }> | undefined) => (list ?? []).map((e) => e.content?.trim() ?? '').filter(Boolean)
  return {
    appName: value('appName') ?? 'Alfa 基金',
    slogan: value('slogan'),
    description: value('description'),
    version: value('version'),
    packageSize: value('packageSize'),
    updatedAt: value('updatedAt'),
    requirement: value('requirement'),
    developer: value('developer'),
    store: { ios: value('iosUrl'), android: value('androidUrl') },
    scheme: value('scheme'),
    wechatHint: value('wechatHint') ?? DEFAULT_WECHAT_HINT,
    features: texts(data.features?.elements),
    guide: texts(data.guide?.elements),
  }
}

/** The download settings, loaded once for every download page (one cache key). */
export function useAppConfig() {
  return useRemote('appDownloadConfig', () => execute(AppDownloadConfigDocument, {}).then(readAppConfig), { empty: () => false })
}
