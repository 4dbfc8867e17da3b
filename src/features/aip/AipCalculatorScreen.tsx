import { Button, Input, Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useMemo, useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { Card, InfoRows } from '@/components/Card'
import { Chart, type ChartSeries } from '@/components/Chart'
import { DatePicker } from '@/components/DatePicker'
import { Empty } from '@/components/Empty'
import { Tabs } from '@/components/Tabs'
import { useRemote } from '@/hooks/remote'
import { execute, GraphQLClientError } from '@/services/graphql'
import { AipCalculationDocument, type AipCalculationInput, type AipCalculationQuery } from '@/services/generated/graphql'
import { formatAmount, formatNav } from '@/utils/number'
import { DEFAULT_FORM, DIVIDEND_MODES, FREQUENCIES, planInput, WEEKDAYS, type PlanForm } from './plan'
import { OutcomeRows, SignedAmount } from './OutcomeRows'
import { PlanBasisSheet } from './PlanBasisSheet'
import './index.scss'

type Calculation = AipCalculationQuery['aipCalculation']
/** The server's answer, or its Chinese reason for refusing the plan (BAD_USER_INPUT). */
type Answer = { result: Calculation; refused: null } | { result: null; refused: string }

const CAVEAT =
  '按基金历史单位净值与分红测算：申购费按价外收取（净申购金额 = 金额 ÷ (1 + 费率)），扣款日非交易日顺延至下一净值日；年化收益率为资金加权的内部收益率（XIRR）。过往业绩不代表未来表现，不构成投资建议。'

async function calculate(input: AipCalculationInput): Promise<Answer> {
  try {
    return { result: (await execute(AipCalculationDocument, { input })).aipCalculation, refused: null }
  } catch (err) {
    const first = err instanceof GraphQLClientError && err.kind === 'graphql' ? err.errors[0] : undefined
    if (first?.extensions?.code === 'BAD_USER_INPUT') return { result: null, refused: first.message }
    throw err
  }
}

/** a − b for two amounts with 2 places, in whole fen (no float rounding). */
const minus = (a: string, b: string) => ((Math.round(Number(a) * 100) - Math.round(Number(b) * 100)) / 100).toFixed(2)

/** 定投计算器: a plan of one fund (?fundCode=) over its past NAVs, against the same money invested at once. */
export function AipCalculatorScreen() {
  const { params } = useRouter()
  const fundCode = decodeURIComponent(String(params.fundCode ?? '')).trim()
  const [form, setForm] = useState<PlanForm>(DEFAULT_FORM)
  // The plan asked: the form as it was at the last 计算 (the first plan at once, the server filling its dates).
  const [asked, setAsked] = useState<AipCalculationInput | null>(() => {
    const first = planInput(fundCode, DEFAULT_FORM)
    return typeof first === 'string' ? null : first
  })
  const [formError, setFormError] = useState<string | null>(null)
  const [basisOpen, setBasisOpen] = useState(false)
  const { state, data, stale, reload } = useRemote<Answer>(fundCode && asked ? `aipCalculation:${JSON.stringify(asked)}` : null, () =>
    calculate(asked!),
  )
  const result = data?.result ?? null
  // The dates the first answer filled in stay in the form; the picker bounds are the fund's NAV days.
  const [bounds, setBounds] = useState<{ first: string; last: string; start: string; end: string } | null>(null)
  if (result && (!bounds || bounds.first !== result.firstNavDate || bounds.last !== result.lastNavDate)) {
    setBounds({ first: result.firstNavDate, last: result.lastNavDate, start: result.startDate, end: result.endDate })
  }
  const startDate = form.startDate ?? bounds?.start ?? ''
  const endDate = form.endDate ?? bounds?.end ?? ''
  const set = (change: Partial<PlanForm>) => setForm((f) => ({ ...f, ...change }))
  const submit = () => {
    const input = planInput(fundCode, { ...form, startDate: startDate || null, endDate: endDate || null })
    if (typeof input === 'string') {
      setFormError(input)
      return
    }
    setFormError(null)
    setAsked(input)
  }

  const series = useMemo<ChartSeries[]>(() => {
    if (!result) return []
    return [
      { name: '资产', data: result.series.map((p) => ({ date: p.date, value: Number(p.value) })) },
      { name: '投入本金', data: result.series.map((p) => ({ date: p.date, value: Number(p.invested) })) },
    ]
  }, [result])

  if (!fundCode) return <Empty title='缺少基金代码' description='请从基金详情页进入定投计算器。' />
  if (!bounds && state !== 'ready')
    return <AsyncContent state={state === 'notFound' ? 'empty' : state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 8 }} />
  if (!bounds) return <Empty title='无法计算' description={data?.refused ?? '请稍后重试。'} />

  return (
    <View className='alfa-aip'>
      <View className='alfa-aip__head'>
        <Text className='alfa-aip__name'>{result?.fundName ?? ''}</Text>
        <Text className='alfa-aip__code'>{fundCode}</Text>
      </View>
      <Card title='定投计划'>
        <View className='alfa-aip__field'>
          <Text className='alfa-aip__label'>每期金额（元）</Text>
          <Input
            className='alfa-aip__input'
            type='digit'
            value={form.amount}
            maxlength={11}
            aria-label='每期金额'
            onInput={(e) => set({ amount: e.detail.value.replace(/[^\d.]/g, '') })}
          />
        </View>
        <Text className='alfa-aip__label'>定投周期</Text>
        <Tabs items={FREQUENCIES} value={form.frequency} onChange={(frequency) => set({ frequency })} className='alfa-aip__tabs' />
        {form.frequency === 'MONTHLY' ? (
          <View className='alfa-aip__field'>
            <Text className='alfa-aip__label'>每月扣款日（1–28）</Text>
            <Input
              className='alfa-aip__input'
              type='number'
              value={form.monthDay}
              maxlength={2}
              aria-label='每月扣款日'
              onInput={(e) => set({ monthDay: e.detail.value.replace(/\D/g, '') })}
            />
          </View>
        ) : (
          <>
            <Text className='alfa-aip__label'>扣款日</Text>
            <Tabs items={WEEKDAYS} value={form.weekday} onChange={(weekday) => set({ weekday })} className='alfa-aip__tabs' />
          </>
        )}
        <View className='alfa-aip__dates'>
          <DatePicker value={startDate} start={bounds.first} end={bounds.last} onChange={(d) => set({ startDate: d })} label='开始日期'>
            <View className='alfa-aip__field'>
              <Text className='alfa-aip__label'>开始日期</Text>
              <Text className='alfa-aip__date alfa-aip-digits'>{`${startDate} ›`}</Text>
            </View>
          </DatePicker>
          <DatePicker value={endDate} start={bounds.first} end={bounds.last} onChange={(d) => set({ endDate: d })} label='结束日期'>
            <View className='alfa-aip__field'>
              <Text className='alfa-aip__label'>结束日期</Text>
              <Text className='alfa-aip__date alfa-aip-digits'>{`${endDate} ›`}</Text>
            </View>
          </DatePicker>
        </View>
        <View className='alfa-aip__field'>
          <Text className='alfa-aip__label'>申购费率（%）</Text>
          <Input
            className='alfa-aip__input'
            type='digit'
            value={form.feePercent}
            maxlength={6}
            aria-label='申购费率'
            onInput={(e) => set({ feePercent: e.detail.value.replace(/[^\d.]/g, '') })}
          />
        </View>
        <Text className='alfa-aip__label'>分红方式</Text>
        <Tabs
          items={DIVIDEND_MODES}
          value={form.dividendMode}
          onChange={(dividendMode) => set({ dividendMode })}
          className='alfa-aip__tabs'
        />
        {formError && (
          <View className='alfa-aip__error' role='alert'>
            {formError}
          </View>
        )}
        {/* No `loading` spinner: Taro's H5 button draws it from an image on another origin. */}
        <Button className='alfa-aip__submit' role='button' onClick={submit} disabled={state === 'loading'}>
          {state === 'loading' ? '计算中…' : '开始计算'}
        </Button>
      </Card>
      {state === 'loading' || state === 'error' ? (
        <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 6 }} />
      ) : data?.refused ? (
        <View className='alfa-aip__refused' role='alert'>
          <Text>{data.refused}</Text>
        </View>
      ) : result ? (
        <>
          <Card title='定投结果' className='alfa-aip-result'>
            <OutcomeRows outcome={result.outcome} cash={result.dividendMode === 'CASH'} periodsLabel='定投期数' />
            <Text className='alfa-aip__note'>
              {`首次扣款 ${result.firstPurchaseDate}（单位净值 ${formatNav(result.startNav)}），按 ${result.endNavDate} 单位净值 ${formatNav(result.endNav)} 计算市值`}
            </Text>
            <View className='alfa-aip__basis-link' role='button' aria-haspopup='dialog' onClick={() => setBasisOpen(true)}>
              查看计算口径
            </View>
          </Card>
          <Card title='投入与资产走势'>
            <Chart series={series} height={200} format={(v) => `${formatAmount(v.toFixed(2))}元`} />
          </Card>
          <Card title='一次性投入对比' className='alfa-aip-lump'>
            <Text className='alfa-aip__note'>
              {`若在 ${result.lumpSum.date} 以单位净值 ${formatNav(result.lumpSum.nav)} 一次性投入 ${formatAmount(result.lumpSum.outcome.invested)} 元：`}
            </Text>
            <OutcomeRows outcome={result.lumpSum.outcome} cash={result.dividendMode === 'CASH'} />
            <InfoRows
              rows={[
                ['定投比一次性投入多赚', <SignedAmount key='d' value={minus(result.outcome.profit, result.lumpSum.outcome.profit)} />],
              ]}
            />
          </Card>
        </>
      ) : null}
      {basisOpen && asked && <PlanBasisSheet input={asked} onClose={() => setBasisOpen(false)} />}
      <Text className='alfa-aip__foot'>{CAVEAT}</Text>
    </View>
  )
}
