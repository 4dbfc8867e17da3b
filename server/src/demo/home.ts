import type { Queryable } from '../db'
import { insertRows } from './bulk'

/**
 * What the home page reads besides the main seed's content (issue #21): two banners that lead
 * into the app (before the main seed's HOME_BANNER ads, which lead to outside activity pages),
 * the in-feed ad slot HOME_AD, and the `home` configs (the disclaimer under the page). The
 * entries widget (home_entries), the notice (home_notice) and the live switch (enableLive of
 * feature_switches) are the main seed's.
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

/** Inserts the home page's rows; adds them to the seed's row counts. */
export async function seedHomeContent(database: Queryable, counts: Record<string, number>): Promise<void> {
  await insertRows(
    database,
    'ads',
    [
      ['ad_id', 'text'],
      ['rec_code', 'text'],
      ['display_name', 'text'],
      ['img_url', 'text'],
      ['url', 'text'],
      ['track_properties', 'jsonb'],
      ['sort', 'int'],
    ],
    HOME_ADS.map((a) => [a.adId, a.recCode, a.displayName, a.imgUrl, a.url, { ad_id: a.adId, position: a.recCode }, a.sort]),
  )
  await insertRows(
    database,
    'kv_configs',
    [
      ['variant', 'text'],
      ['key', 'text'],
      ['value', 'jsonb'],
    ],
    [['config', 'home', { elements: Object.entries(HOME_CONFIG).map(([key, value]) => ({ key, value })) }]],
  )
  counts.ads = (counts.ads ?? 0) + HOME_ADS.length
  counts.kv_configs = (counts.kv_configs ?? 0) + 1
}
