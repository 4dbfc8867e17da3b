import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { AsyncContent } from '@/components/AsyncContent'
import { Card, InfoRows } from '@/components/Card'
import { useRemote } from '@/hooks/remote'
import { SiteAboutDocument, type SiteAboutQuery } from '@/services/generated/graphql'
import { execute } from '@/services/graphql'
import { openLink } from '@/services/links'
import { navigateTo } from '@/services/navigation'
import { presentRows } from '../rows'
import '../index.scss'

type Pairs = NonNullable<SiteAboutQuery['about']>['elements']
/** A licence with its text (the configuration's element; one without text is left out). */
type Licence = NonNullable<SiteAboutQuery['licences']>['elements'][number] & { content: string }

export interface SiteInfo {
  name: string
  intro: string | null
  /** Label and value rows: company, service phone and hours, email, address. */
  contact: Array<readonly [string, string]>
  phone: string | null
  licences: Licence[]
  icp: string | null
  copyright: string | null
}

/** The configuration as the page reads it; null when the server has none (the empty state). */
export function readSiteInfo(data: SiteAboutQuery): SiteInfo | null {
  if (!data.about) return null
  const pick = (list: Pairs | undefined, key: string) => list?.find((e) => e.key === key)?.value?.trim() || null
  const about = (key: string) => pick(data.about?.elements, key)
  const service = (key: string) => pick(data.service?.elements, key)
  const contact = presentRows([
    ['运营主体', about('company')],
    ['客服电话', service('phone')],
    ['服务时间', service('hours')],
    ['客服邮箱', about('email')],
    ['联系地址', about('address')],
  ])
  return {
    name: about('name') ?? 'Alfa 基金',
    intro: about('intro'),
    contact,
    phone: service('phone'),
    licences: (data.licences?.elements ?? []).flatMap((e) =>
      e.content?.trim() ? [{ content: e.content.trim(), link: e.link ?? null }] : [],
    ),
    icp: about('icp'),
    copyright: about('copyright'),
  }
}

/** 关于我们: what the product is, how to reach it and the licences it holds, all from configuration. */
export function SiteScreen() {
  const { state, data, stale, reload } = useRemote('siteAbout', () => execute(SiteAboutDocument, {}).then(readSiteInfo), {
    empty: () => false,
  })
  return (
    <View className='alfa-site'>
      <AsyncContent
        state={state}
        stale={stale}
        onRetry={() => reload()}
        emptyTitle='暂无介绍'
        emptyDescription='介绍内容尚未配置，请稍后再来。'
        skeleton={{ rows: 8 }}
      >
        {data && (
          <>
            <View className='alfa-site-app'>
              <View className='alfa-site-app__mark' aria-hidden>
                α
              </View>
              <Text className='alfa-site-app__name'>{data.name}</Text>
            </View>
            {data.intro && <Text className='alfa-site__text'>{data.intro}</Text>}
            {data.contact.length > 0 && (
              <Card title='联系我们'>
                <InfoRows rows={data.contact} />
                {data.phone && (
                  <View className='alfa-site__link' role='link' onClick={() => void Taro.makePhoneCall({ phoneNumber: data.phone ?? '' })}>
                    拨打客服电话 ›
                  </View>
                )}
              </Card>
            )}
            {data.licences.length > 0 && (
              <Card title='资质信息'>
                {data.licences.map((l) => (
                  <View
                    key={l.content}
                    className={`alfa-site-licence${l.link ? ' alfa-site-licence--link' : ''}`}
                    role={l.link ? 'link' : undefined}
                    onClick={l.link ? () => openLink(l.link) : undefined}
                  >
                    {l.content}
                    {l.link ? ' ›' : ''}
                  </View>
                ))}
              </Card>
            )}
            <View className='alfa-site__link' role='link' onClick={() => void navigateTo('appDownload')}>
              下载 {data.name} App ›
            </View>
            {(data.icp || data.copyright) && (
              <Text className='alfa-site__foot'>{[data.icp, data.copyright].filter(Boolean).join('\n')}</Text>
            )}
          </>
        )}
      </AsyncContent>
    </View>
  )
}
