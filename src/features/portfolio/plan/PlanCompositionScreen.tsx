import { Text, View } from '@tarojs/components'
import { StaleNotice } from '@/components/AsyncContent'
import { Card } from '@/components/Card'
import { Empty } from '@/components/Empty'
import { Tag } from '@/components/Figure'
import { useShareSubject } from '@/components/Page'
import { execute } from '@/services/graphql'
import { InvestPlanFundCompositionDocument, PoBasicDetailDocument, type InvestPlanFundCompositionQuery } from '@/services/generated/graphql'
import { PortfolioFoot } from '../PortfolioFoot'
import { PortfolioPending } from '../PortfolioPending'
import { PortfolioTitle } from '../PortfolioTitle'
import { CompositionList } from '../composition/CompositionList'
import { CompositionUpdated } from '../composition/CompositionUpdated'
import { usePortfolioQuery } from '../hooks'
import { riskLevelName } from '../risk'

type Holdings = NonNullable<InvestPlanFundCompositionQuery['portfolio']>

/** The plan's light head (PoBasicDetail), its own holdings and its model portfolio's (InvestPlanFundComposition, isModelPo false and true). */
async function loadPlanComposition(poCode: string) {
  const [head, own] = await Promise.all([
    execute(PoBasicDetailDocument, { poCode }),
    execute(InvestPlanFundCompositionDocument, { poCode, isModelPo: false }),
  ])
  if (!head.portfolio || !own.portfolio) return null
  // A model portfolio is its own model: only a plan that copies one asks for it.
  const model = head.portfolio.modelPortfolio
    ? (await execute(InvestPlanFundCompositionDocument, { poCode, isModelPo: true })).portfolio
    : null
  return { head: head.portfolio, own: own.portfolio, model }
}

function Holdings({ poCode, title, holdings, kind }: { poCode: string; title: string; holdings: Holdings; kind: 'own' | 'model' }) {
  const { composition } = holdings
  return (
    <Card
      title={title}
      extra={<CompositionUpdated composition={composition} />}
      className={`alfa-plan-holdings alfa-plan-holdings--${kind}`}
    >
      {composition.groups.length ? (
        <>
          <CompositionList composition={composition} source={{ poCode, categoryType: 'FundCategory', isModelPo: kind === 'model' }} />
          <Text className='alfa-po-muted'>{`调仓 ${holdings.adjustmentChart.length} 次`}</Text>
        </>
      ) : (
        <Text className='alfa-po-muted'>暂无持仓</Text>
      )}
    </Card>
  )
}

/** 基金组成 of an investment plan: the user's copy and, beside it, the model portfolio it follows. */
export function PlanCompositionScreen({ poCode }: { poCode: string }) {
  const { state, data, stale, reload } = usePortfolioQuery('planComposition', poCode, loadPlanComposition)
  useShareSubject(data?.head.poName)
  if (state !== 'ready' || !data) return <PortfolioPending state={state} onRetry={() => void reload()} />
  const { head, own, model } = data
  return (
    <View className='alfa-po'>
      {stale && <StaleNotice onRetry={() => reload()} />}
      <PortfolioTitle poName={head.poName} poCode={head.poCode} sub={head.subTitle} />
      <View className='alfa-po-head__tags'>
        <Tag tone='primary'>定制规划</Tag>
        <Tag>{riskLevelName(head.riskLevel, head.seriesType)}</Tag>
        <Text className='alfa-po-muted'>{`运行 ${head.runningDays} 天`}</Text>
      </View>
      {!own.composition.groups.length && !model?.composition.groups.length ? (
        <Empty title='暂无持仓构成' description='该计划当前没有持仓，按计划买入后这里会显示各基金的占比。' />
      ) : (
        <>
          <Holdings poCode={head.poCode} title='我的计划' holdings={own} kind='own' />
          {model && head.modelPortfolio && (
            <Holdings poCode={head.poCode} title={`模型组合 · ${head.modelPortfolio.poName}`} holdings={model} kind='model' />
          )}
        </>
      )}
      <PortfolioFoot />
    </View>
  )
}
