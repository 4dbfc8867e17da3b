import type { Row } from './bulk'
import type { SeedContext } from './context'

/**
 * Demo content of the app's own pages (issue 21): the key-value configs the download, open-in-app,
 * downloading, 关于我们 and wallet pages read. (Each adjustment's 调仓说明 article is the portfolio
 * records' own, demo/portfolioRecords.ts.)
 */

/** Where the demo's Android package and App Store page would be (alfa.example never resolves). */
export const DEMO_ANDROID_URL = 'https://download.alfa.example/android/alfa-3.2.0.apk'
export const DEMO_IOS_URL = 'https://apps.apple.com/cn/app/id6400000000'

const pairs = (entries: Record<string, string>) => ({ elements: Object.entries(entries).map(([key, value]) => ({ key, value })) })

/** Rows of kv_configs: variant, key, value. */
export const SITE_CONFIGS: Array<[variant: string, key: string, value: Row<'kv_configs'>['value']]> = [
  [
    'config',
    'app_download',
    pairs({
      appName: 'Alfa 基金',
      slogan: '看懂基金，陪你长期投资',
      description: '基金详情、策略组合、调仓提醒与直播，都在 Alfa 基金 App。',
      version: '3.2.0',
      packageSize: '56.8 MB',
      updatedAt: '2026-09-20',
      requirement: 'iOS 13.0 或 Android 7.0 及以上',
      developer: '阿尔法基金销售有限公司（演示数据）',
      iosUrl: DEMO_IOS_URL,
      androidUrl: DEMO_ANDROID_URL,
      scheme: 'alfaapp',
      wechatHint: '微信内无法直接下载或打开 App，请点击右上角「···」，选择「在浏览器打开」。',
    }),
  ],
  [
    'fragment',
    'app_features',
    {
      elements: [
        { image: null, link: null, content: '基金净值、业绩与基金经理，一页看全' },
        { image: null, link: null, content: '策略组合的调仓与发车信号，第一时间提醒' },
        { image: null, link: null, content: '专栏、课程与直播，陪你学投资' },
        { image: null, link: null, content: '自选与筛选，找到适合自己的基金' },
      ],
    },
  ],
  [
    'fragment',
    'app_download_guide',
    {
      elements: [
        { image: null, link: null, content: '点击「立即下载」：iPhone 前往 App Store，安卓手机下载安装包。' },
        { image: null, link: null, content: '安卓手机下载完成后打开安装包；若提示“未知来源”，请在设置中允许本次安装。' },
        { image: null, link: null, content: '安装完成后打开 Alfa 基金，使用手机号登录，自选和关注会自动同步。' },
      ],
    },
  ],
  [
    'config',
    'site_about',
    pairs({
      name: 'Alfa 基金',
      intro:
        'Alfa 基金为个人投资者提供基金、基金经理与策略组合的信息服务：净值与业绩、调仓记录、投顾内容、专栏与直播。本应用只展示信息，不提供交易。',
      company: '阿尔法基金销售有限公司（演示数据）',
      address: '北京市西城区金融大街 1 号（演示数据）',
      email: 'service@alfa.example',
      icp: '京ICP备00000000号-1（演示数据）',
      copyright: '© 2026 Alfa 基金 版权所有',
    }),
  ],
  [
    'fragment',
    'site_licences',
    {
      elements: [
        {
          image: null,
          link: 'https://www.alfa.example/licence/fund-sales',
          content: '基金销售业务资格：证监许可〔2020〕0000号（演示数据）',
        },
        {
          image: null,
          link: 'https://www.alfa.example/licence/advisory',
          content: '基金投资顾问业务试点资格：证监办发〔2021〕0000号（演示数据）',
        },
        { image: null, link: null, content: '基金销售机构编码：000000（演示数据）' },
      ],
    },
  ],
  [
    'config',
    'wallet',
    pairs({
      notice: '钱包只展示你在合作机构持有的策略资产，本应用不提供买入、卖出等交易功能。',
      assetNote: '资产按最新净值估算，实际以基金公司确认为准。',
    }),
  ],
]

/** Inserts the pages' configs. Draws nothing from the generator. */
export async function seedSiteContent(ctx: SeedContext): Promise<void> {
  await ctx.insert(
    'kv_configs',
    SITE_CONFIGS.map(([variant, key, value]) => ({ variant, key, value })),
  )
}
