import { View } from '@tarojs/components'
import { AsyncContent } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { execute } from '@/services/graphql'
import { navigateTo } from '@/services/navigation'
import { DiagnosisReportDocument, type DiagnosisDimensionCardFragment, type DiagnosisReportQuery } from '@/services/generated/graphql'
import { formatDate, DATE } from '@/utils/format'
import { useRemote } from '@/hooks/remote'
import '../../styles/list.scss'
import './index.scss'

type Report = NonNullable<DiagnosisReportQuery['fundDiagnosis']>

/** Tone of a score: 80+ good (positive), under 40 weak (negative), otherwise neutral. */
export const scoreTone = (score: number) => (score >= 80 ? 'good' : score < 40 ? 'weak' : 'fair')

/** 诊断报告: the five scores of a fund with plain explanations. */
export function DiagnosisReport({ fundCode }: { fundCode: string }) {
  const { state, data, stale, reload } = useRemote<Report>(`diagnosis:${fundCode}`, async () =>
    fundCode ? ((await execute(DiagnosisReportDocument, { fundCode })).fundDiagnosis ?? null) : null,
  )
  if (state === 'notFound') {
    return (
      <Empty
        title='未找到该基金'
        description='请检查基金代码，或换一只基金诊断。'
        actionText='重新选择'
        onAction={() => navigateTo('diagnosis')}
      />
    )
  }
  return (
    <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 6, figure: true }}>
      {data && <ReportBody report={data} />}
    </AsyncContent>
  )
}

function ReportBody({ report }: { report: Report }) {
  return (
    <View className='alfa-diagnosis'>
      <View className='alfa-card alfa-diagnosis__head'>
        <View className='alfa-list__title'>{report.fund.fundName}</View>
        <View className='alfa-list__sub'>
          {report.fund.fundCode} · {report.fund.categoryName ?? ''}
        </View>
        {report.dimensions.length > 0 && (
          <View className={`alfa-diagnosis__total alfa-diagnosis--${scoreTone(report.totalScore)}`}>
            {report.totalScore}
            <View className='alfa-diagnosis__unit'>分 · {report.level}</View>
          </View>
        )}
        <View className='alfa-diagnosis__summary'>{report.summary}</View>
      </View>
      {report.dimensions.map((d) => (
        <DimensionCard key={d.key} dimension={d} />
      ))}
      <View className='alfa-list__demo'>
        {report.isDemo ? '演示数据 · ' : ''}按复权净值计算
        {report.fromDate && report.toDate ? ` · 统计区间 ${formatDate(report.fromDate, DATE)} 至 ${formatDate(report.toDate, DATE)}` : ''} ·
        仅供参考，不构成投资建议
      </View>
    </View>
  )
}

/** One of the five scores (fragment DiagnosisDimensionCard): a bar, its basis and a plain explanation. */
function DimensionCard({ dimension: d }: { dimension: DiagnosisDimensionCardFragment }) {
  return (
    <View className='alfa-card alfa-diagnosis__dim'>
      <View className='alfa-diagnosis__dim-head'>
        <View>{d.name}</View>
        <View className={`alfa-diagnosis--${scoreTone(d.score)}`}>
          {d.score}分 · {d.level}
        </View>
      </View>
      <View className='alfa-diagnosis__bar'>
        <View className={`alfa-diagnosis__fill alfa-diagnosis__fill--${scoreTone(d.score)}`} style={{ width: `${d.score}%` }} />
      </View>
      <View className='alfa-list__sub'>{d.basis}</View>
      <View className='alfa-diagnosis__text'>{d.explanation}</View>
    </View>
  )
}
