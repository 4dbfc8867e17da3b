import { View } from '@tarojs/components'
import { StaleNotice } from '@/components/AsyncContent'
import { Card } from '@/components/Card'
import { Empty } from '@/components/Empty'
import { useShareSubject } from '@/components/Page'
import { execute } from '@/services/graphql'
import { PoFundCompositionDocument, type PoFundCompositionQuery } from '@/services/generated/graphql'
import { PortfolioFoot } from '../PortfolioFoot'
import { PortfolioPending } from '../PortfolioPending'
import { PortfolioTitle } from '../PortfolioTitle'
import { usePoCode, usePortfolioQuery } from '../hooks'
import { CompositionList } from './CompositionList'
import { CompositionPie } from './CompositionPie'
import { CompositionUpdated } from './CompositionUpdated'
import { askByKind, kindOfAnswer } from '../kind'

type Answer = NonNullable<PoFundCompositionQuery['portfolio']>

/** Long-win plans by fund category, the others by the default (asset class). */
const loadComposition = (poCode: string, progress: (partial: Answer) => void) =>
  askByKind<Answer>(
    poCode,
    async (kind, onData) =>
      (
        await execute(
          PoFundCompositionDocument,
          { poCode, categoryType: kind === 'longWin' ? 'FundCategory' : null },
          { onData: (d) => onData(d.portfolio) },
        )
      ).portfolio,
    progress,
  )

/** 持仓构成: the groups as a pie and as a detail list, each when its display preference says so. */
export function CompositionScreen() {
  const poCode = usePoCode()
  const { state, data, stale, reload } = usePortfolioQuery('poFundComposition', poCode, loadComposition)
  useShareSubject(data?.poName)
  if (state !== 'ready' || !data) return <PortfolioPending state={state} onRetry={() => void reload()} />
  const { composition, preference } = data
  const shown = preference.displayCompositionPieChart || preference.displayCompositionDetailList
  return (
    <View className='alfa-po'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <PortfolioTitle poName={data.poName} poCode={data.poCode} />
      {composition.groups.length === 0 || !shown ? (
        <Empty
          title='暂无持仓构成'
          description={shown ? '该策略当前没有持仓，调仓后这里会显示各类资产的占比。' : '该策略不公开持仓构成。'}
        />
      ) : (
        <>
          {preference.displayCompositionPieChart && (
            <Card title='资产配置' extra={<CompositionUpdated composition={composition} />}>
              <CompositionPie composition={composition} />
            </Card>
          )}
          {preference.displayCompositionDetailList && (
            <Card
              title='持仓明细'
              extra={preference.displayCompositionPieChart ? undefined : <CompositionUpdated composition={composition} />}
            >
              <CompositionList
                composition={composition}
                source={{ poCode: data.poCode, categoryType: kindOfAnswer(data) === 'longWin' ? 'FundCategory' : null }}
              />
            </Card>
          )}
        </>
      )}
      <PortfolioFoot />
    </View>
  )
}
