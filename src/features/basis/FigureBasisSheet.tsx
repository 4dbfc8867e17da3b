import { Text, View } from '@tarojs/components'
import { AsyncContent } from '@/components/AsyncContent'
import { BasisSheet, BasisSteps } from '@/components/BasisSheet'
import { SignedRate } from '@/components/Figure'
import { useRemote } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { FigureBasisDocument } from '@/services/generated/graphql'
import './FigureBasisSheet.scss'

export interface FigureBasisSheetProps {
  fundCode: string
  /** A period (1M … SETUP), a calendar year (2024), DRAWDOWN, DAILY, a NAV day or a span (2024-01-05~2026-11-20). */
  figure: string
  onClose: () => void
}

/**
 * 口径 (issue #25): how a fund's return or drawdown figure was computed — the days used (and the
 * day asked for when it had to move to a NAV day), the NAVs at both ends, every distribution and
 * split between with what it did to one unit held, and the computation in words. Asked when opened.
 */
export function FigureBasisSheet({ fundCode, figure, onClose }: FigureBasisSheetProps) {
  const { state, data, reload } = useRemote(
    `figureBasis:${fundCode}:${figure}`,
    () =>
      execute(FigureBasisDocument, { fundCode, figure }).then((r) =>
        r.fund?.figureBasis ? { ...r.fund.figureBasis, fundName: r.fund.fundName } : null,
      ),
    { empty: () => false },
  )
  const fundName = data?.fundName
  const title = data ? `${data.label}的计算口径` : '计算口径'
  return (
    <BasisSheet title={title} onClose={onClose}>
      <AsyncContent state={state} onRetry={() => reload()} skeleton={{ rows: 4 }} emptyTitle='暂无此项数据'>
        {data && (
          <View>
            {/* A span is opened from another screen's list (a strategy's fund): say which fund. */}
            {figure.includes('~') && fundName && <Text className='alfa-basis__note'>{`${fundName}（${fundCode}）`}</Text>}
            <View className='alfa-basis__value'>
              <Text className='alfa-basis__label'>{data.label}</Text>
              <SignedRate value={data.value} className='alfa-basis__figure' />
            </View>
            <View className='alfa-basis__table' role='table'>
              <View className='alfa-basis__row alfa-basis__row--head' role='row'>
                {['', '日期', '单位净值', '累计净值', '复权净值'].map((h) => (
                  <Text key={h} className='alfa-basis__cell' role='columnheader'>
                    {h}
                  </Text>
                ))}
              </View>
              {[
                [figure === 'DRAWDOWN' ? '高点' : '起点', data.start],
                [figure === 'DRAWDOWN' ? '低点' : '终点', data.end],
              ].map(([name, p]) =>
                typeof p === 'string' ? null : (
                  <View key={name as string} className='alfa-basis__row' role='row' data-point={name as string}>
                    {[name as string, p.date, String(p.nav), String(p.accNav), String(p.adjNav)].map((v, i) => (
                      <Text key={i} className='alfa-basis__cell' role='cell'>
                        {v}
                      </Text>
                    ))}
                  </View>
                ),
              )}
            </View>
            <BasisSteps steps={data.steps} />
          </View>
        )}
      </AsyncContent>
    </BasisSheet>
  )
}
