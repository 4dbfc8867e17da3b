import type { Row } from './bulk'
import type { SeedContext } from './context'

/**
 * What the home page reads besides the content seed's (issue #21): two banners that lead into the
 * app (before content's HOME_BANNER ads, which lead to outside activity pages), the in-feed ad
 * slot HOME_AD, and the `home` config (the disclaimer under the page). The entries widget
 * (home_entries), the notice (home_notice) and the live switch (enableLive of feature_switches)
 * are content's. Draws nothing from the generator.
 */
export const HOME_ADS = [
  {
    adId: 'AD_HOME_1',
    recCode: 'HOME_BANNER',
    displayName: '长赢计划',
    imgUrl: '/alfa/static/demo/v1/ad/1.png',
    url: '/alfa/portfolio/LW000001',
    sort: -2,
  },
  {
    adId: 'AD_HOME_2',
    recCode: 'HOME_BANNER',
    displayName: '基金诊断',
    imgUrl: '/alfa/static/demo/v1/ad/2.png',
    url: '/pages/diagnosis/index',
    sort: -1,
  },
  {
    adId: 'AD_HOME_3',
    recCode: 'HOME_AD',
    displayName: '更多基金',
    imgUrl: '/alfa/static/demo/v1/ad/3.png',
    url: '/subPkg/pages/fundList/index',
    sort: 0,
  },
] as const

/** The `home` config's values: key → value (keyValue(key) finds each). */
export const HOME_CONFIG = {
  homeDisclaimer: '演示数据：本页行情、收益与内容均为模拟生成，不构成投资建议。基金有风险，投资需谨慎。',
} as const

export async function seedHomeContent({ insert }: SeedContext) {
  await insert(
    'ads',
    HOME_ADS.map((a): Row<'ads'> => ({
      ad_id: a.adId,
      rec_code: a.recCode,
      display_name: a.displayName,
      img_url: a.imgUrl,
      url: a.url,
      track_properties: { ad_id: a.adId, position: a.recCode },
      sort: a.sort,
    })),
  )
  await insert('kv_configs', [
    { variant: 'config', key: 'home', value: { elements: Object.entries(HOME_CONFIG).map(([key, value]) => ({ key, value })) } },
  ])
}
