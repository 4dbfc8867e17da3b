import { Image, ScrollView, Text, View } from '@tarojs/components'
import { imageSrc } from '@/services/imageUrl'
import type { HomeAd, HomeData } from './homeData'
import { canOpen, openHomeLink, reportTap } from './links'

/** A tap on an ad: its trackProperties reported (ad_click), then its url opened. */
function tapAd(ad: HomeAd) {
  reportTap('ad_click', ad.trackProperties, { ad_id: ad.adId, rec_code: ad.recCode, url: ad.url })
  openHomeLink(ad.url)
}

function AdImage({ ad, className }: { ad: HomeAd; className: string }) {
  const src = imageSrc(ad.imgUrl)
  return (
    <View className={className} role='link' aria-label={ad.displayName ?? '广告'} data-ad={ad.adId} onClick={() => tapAd(ad)}>
      {src && <Image className='alfa-home__ad-image' src={src} mode='aspectFill' lazyLoad aria-hidden='true' />}
    </View>
  )
}

/** The banners (recCode HOME_BANNER), side by side, swiped through. */
export function Banners({ ads }: { ads: HomeAd[] }) {
  if (!ads.length) return null
  return (
    <ScrollView className='alfa-home__banners' scrollX>
      {ads.map((ad) => (
        <AdImage key={ad.adId} ad={ad} className='alfa-home__banner' />
      ))}
    </ScrollView>
  )
}

/** The in-feed ad slot (recCode HOME_AD): its first ad. */
export function FeedAd({ ads }: { ads: HomeAd[] }) {
  return ads[0] ? <AdImage ad={ads[0]} className='alfa-home__feed-ad' /> : null
}

/** The operators' shortcuts (widget home_entries): a picture and a word each. */
export function Shortcuts({ elements }: { elements: HomeData['shortcuts'] }) {
  const shown = elements.filter((e) => e.main && canOpen(e.link))
  if (!shown.length) return null
  return (
    <View className='alfa-home__shortcuts'>
      {shown.map((e) => {
        const src = imageSrc(e.picture)
        return (
          <View
            key={`${e.main}${e.link}`}
            className='alfa-home__shortcut'
            role='link'
            onClick={() => {
              reportTap('widget_click', e.trackProperties, { widget: 'home_entries', url: e.link })
              openHomeLink(e.link)
            }}
          >
            {src && <Image className='alfa-home__shortcut-image' src={src} mode='aspectFill' aria-hidden='true' />}
            <Text className='alfa-home__shortcut-text'>{e.main}</Text>
          </View>
        )
      })}
    </View>
  )
}

/** The notice (fragment home_notice): its first text; a tap opens its link when there is one that may open. */
export function Notice({ elements }: { elements: HomeData['notice'] }) {
  const notice = elements.find((e) => e.content)
  if (!notice) return null
  const link = canOpen(notice.link) ? notice.link : null
  return (
    <View
      className='alfa-home__notice'
      role={link ? 'link' : 'note'}
      onClick={() => {
        if (!link) return
        reportTap('notice_click', null, { fragment: 'home_notice', url: link })
        openHomeLink(link)
      }}
    >
      <Text className='alfa-home__notice-mark'>公告</Text>
      <Text className='alfa-home__notice-text'>{notice.content}</Text>
    </View>
  )
}
