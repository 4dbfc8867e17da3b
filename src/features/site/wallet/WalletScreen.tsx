import { Button, Text, View } from '@tarojs/components'
import { AsyncContent } from '@/components/AsyncContent'
import { useRemote } from '@/hooks/remote'
import { assetDetail, type AssetDetailAnswer } from '@/services/api'
import { WalletConfigDocument } from '@/services/generated/graphql'
import { execute } from '@/services/graphql'
import { navigateTo } from '@/services/navigation'
import { formatAmount, formatDate, formatNumber, DATE } from '@/utils/format'
import '../../../styles/list.scss'
import '../index.scss'

export interface Wallet {
  asset: AssetDetailAnswer
  notice: string | null
  assetNote: string | null
}

/** The holdings (GET /asset/detail) and the page's notes (config `wallet`). */
export async function loadWallet(): Promise<Wallet> {
  const [asset, config] = await Promise.all([assetDetail(), execute(WalletConfigDocument, {})])
  const note = (key: string) => config.wallet?.elements.find((e) => e.key === key)?.value?.trim() || null
  return { asset, notice: note('notice'), assetNote: note('assetNote') }
}

/**
 * 我的钱包 of an information app (no trading): the signed-in user's strategy holdings at the
 * latest NAV with their total, each leading to its strategy; anonymous users are asked to log in.
 */
export function WalletScreen() {
  const { state, data, stale, reload } = useRemote('wallet', loadWallet, { user: true, empty: () => false })
  return (
    <View className='alfa-site'>
      <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 5, figure: true }}>
        {data && (
          <>
            <View className='alfa-site-wallet'>
              <Text className='alfa-site-wallet__label'>总资产（元）</Text>
              <Text className='alfa-site-wallet__total'>{formatAmount(data.asset.totalAsset)}</Text>
              <Text className='alfa-site-wallet__note'>{['演示数据', data.assetNote].filter(Boolean).join(' · ')}</Text>
            </View>
            {data.asset.list.length > 0 ? (
              <View className='alfa-list'>
                <View className='alfa-list__header'>
                  <Text>持有策略</Text>
                  <Text>市值（元）</Text>
                </View>
                {data.asset.list.map((h) => (
                  <View
                    key={`${h.poCode}:${h.caId}`}
                    className='alfa-list__row'
                    role='link'
                    onClick={() => void navigateTo('portfolioEntry', { poCode: h.poCode })}
                  >
                    <View className='alfa-list__main'>
                      <Text className='alfa-list__title'>{h.poName}</Text>
                      <Text className='alfa-list__sub'>
                        {`${formatNumber(h.units, 2)}份${h.navDate ? ` · 净值日期 ${formatDate(h.navDate, DATE)}` : ''}${h.signed ? '' : ' · 未签约'}`}
                      </Text>
                    </View>
                    <Text className='alfa-list__figure'>{formatAmount(h.marketValue)}</Text>
                  </View>
                ))}
              </View>
            ) : (
              <View className='alfa-site__actions'>
                <Text className='alfa-site__note'>暂无持有的策略，可以先看看适合自己的策略。</Text>
                <Button role='button' className='alfa-site__secondary' onClick={() => void navigateTo('productList')}>
                  去看看策略
                </Button>
              </View>
            )}
            {data.notice && <Text className='alfa-site__foot'>{data.notice}</Text>}
          </>
        )}
      </AsyncContent>
    </View>
  )
}
