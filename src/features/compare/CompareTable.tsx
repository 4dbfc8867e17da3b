import { Text, View } from '@tarojs/components'
import { useState, type ReactNode } from 'react'
import { FigureBasisSheet } from '@/features/basis'
import { DrawdownRate, SignedRate } from '@/components/Figure'
import type { CompareTablePartFragment } from '@/services/generated/graphql'
import { navigateTo } from '@/services/navigation'
import { formatFundSize, formatPercent, NULL_TEXT } from '@/utils/number'

type Compared = CompareTablePartFragment['funds'][number]

interface Row {
  /** The server's row key when the row has a best figure (period:1Y, maxDrawdown …), else a key of its own. */
  key: string
  label: string
  cell: (f: Compared) => ReactNode
  /** A return or risk figure: none for a fund whose figures are unavailable. */
  figure?: boolean
  /** The fund figure a tap explains (口径: a period, a year or DRAWDOWN). */
  basis?: string
}

interface Section {
  title: string
  rows: Row[]
}

const plain = (text: string) => <Text className='alfa-compare__value'>{text}</Text>
const rate = (value: string | null | undefined) => <SignedRate value={value ?? null} className='alfa-compare__value' />
const percent = (value: string | null | undefined) => plain(formatPercent(value ?? null, 2))

/** The sections of the table, top to bottom; years newest first. */
export function compareSections(data: CompareTablePartFragment): Section[] {
  const years = [...new Set(data.funds.flatMap((f) => f.yearlyReturns.map((y) => y.key)))].sort().reverse()
  const periods = data.funds[0]?.periodReturns ?? []
  const sections: Section[] = [
    {
      title: '基本信息',
      rows: [
        { key: 'category', label: '类型', cell: (f) => plain(f.fund.categoryName ?? NULL_TEXT) },
        { key: 'risk', label: '风险等级', cell: (f) => plain(f.fund.riskLevelName) },
        {
          key: 'size',
          label: '基金规模',
          cell: (f) => (
            <>
              {plain(formatFundSize(f.fund.fundSize))}
              {f.fund.fundSizeDate && <Text className='alfa-compare__sub'>{f.fund.fundSizeDate}</Text>}
            </>
          ),
        },
        {
          key: 'managers',
          label: '基金经理',
          cell: (f) =>
            f.managers.length ? (
              <>
                {plain(f.managers.map((m) => m.managerName).join('、'))}
                <Text className='alfa-compare__sub'>{f.managers.map((m) => `任职 ${m.tenureYears} 年`).join('、')}</Text>
              </>
            ) : (
              plain(NULL_TEXT)
            ),
        },
      ],
    },
    {
      title: '阶段涨幅',
      rows: [
        ...periods.map((p, k) => ({
          key: `period:${p.key}`,
          label: p.label,
          figure: true,
          basis: p.key,
          cell: (f: Compared) => rate(f.periodReturns[k]?.value),
        })),
      ],
    },
    {
      title: '年度涨幅',
      rows: years.map((year) => ({
        key: `year:${year}`,
        label: `${year}年`,
        figure: true,
        basis: year,
        cell: (f: Compared) => rate(f.yearlyReturns.find((y) => y.key === year)?.value),
      })),
    },
    {
      title: '风险指标（成立以来）',
      rows: [
        {
          key: 'maxDrawdown',
          label: '最大回撤',
          figure: true,
          basis: 'DRAWDOWN',
          cell: (f) =>
            f.maxDrawdown ? (
              <>
                <DrawdownRate value={f.maxDrawdown.value} className='alfa-compare__value' />
                {f.maxDrawdown.peakDate && (
                  <Text className='alfa-compare__sub'>{`${f.maxDrawdown.peakDate} 至 ${f.maxDrawdown.troughDate}`}</Text>
                )}
              </>
            ) : (
              plain(NULL_TEXT)
            ),
        },
        { key: 'volatility', label: '年化波动率', figure: true, cell: (f) => percent(f.volatility.value) },
        {
          key: 'sharpeRatio',
          label: '夏普比率',
          figure: true,
          cell: (f) => plain(f.sharpeRatio.value === null ? NULL_TEXT : Number(f.sharpeRatio.value).toFixed(2)),
        },
      ],
    },
    {
      title: '费率',
      rows: [
        { key: 'buyFeeRate', label: '申购费率', cell: (f) => percent(f.fees.buyFeeRate) },
        { key: 'managementFeeRate', label: '管理费率', cell: (f) => percent(f.fees.managementFeeRate) },
        { key: 'custodyFeeRate', label: '托管费率', cell: (f) => percent(f.fees.custodyFeeRate) },
        { key: 'salesServiceFeeRate', label: '销售服务费率', cell: (f) => percent(f.fees.salesServiceFeeRate) },
      ],
    },
  ]
  return sections.filter((s) => s.rows.length > 0)
}

export interface CompareTableProps {
  data: CompareTablePartFragment
  /** 移除 on a fund's column head; absent: no control. */
  onRemove?: (fundCode: string) => void
  /** Why no fund can be removed (the comparison is at its minimum), said instead of removing; null: removable. */
  removeRefusal?: string | null
}

/** The side-by-side table: a fixed first column of row names, one column per fund (移除 on its head), the best figure of a row marked 优. */
export function CompareTable({ data, onRemove, removeRefusal = null }: CompareTableProps) {
  // The figure whose 口径 sheet is open: a fund and one of its figures.
  const [basis, setBasis] = useState<{ fundCode: string; figure: string } | null>(null)
  const best = new Map(data.best.map((b) => [b.row, new Set(b.fundCodes)]))
  const names = new Map(data.funds.map((f) => [f.fund.fundCode, f.fund.fundName]))
  return (
    <View className='alfa-compare__scroll'>
      <View className='alfa-compare__table' role='table' aria-label='基金对比'>
        <View className='alfa-compare__row alfa-compare__row--head' role='row'>
          <View className='alfa-compare__name' role='columnheader'>
            <Text>基金</Text>
          </View>
          {data.funds.map((f) => (
            <View key={f.fund.fundCode} className='alfa-compare__cell alfa-compare__fund' role='columnheader' data-fund={f.fund.fundCode}>
              <View className='alfa-compare__fund-open' onClick={() => navigateTo('fund', { fundCode: f.fund.fundCode })}>
                <Text className='alfa-compare__fund-name'>{f.fund.fundName}</Text>
                <Text className='alfa-compare__sub'>{f.fund.fundCode}</Text>
              </View>
              {onRemove && (
                <View
                  className={`alfa-compare__remove${removeRefusal ? ' alfa-compare__remove--off' : ''}`}
                  role='button'
                  aria-disabled={removeRefusal ? true : undefined}
                  // The visible 移除 leads the name (axe: label-content-name-mismatch); a refusal says why it does nothing.
                  aria-label={removeRefusal ? `移除 ${f.fund.fundName}：${removeRefusal}` : `移除 ${f.fund.fundName}`}
                  data-fund={f.fund.fundCode}
                  onClick={() => onRemove(f.fund.fundCode)}
                >
                  移除
                </View>
              )}
            </View>
          ))}
        </View>
        {compareSections(data).map((section) => (
          <View key={section.title} className='alfa-compare__section' role='rowgroup'>
            <View className='alfa-compare__row alfa-compare__row--title' role='row'>
              <View className='alfa-compare__name alfa-compare__section-title' role='rowheader'>
                <Text>{section.title}</Text>
              </View>
              {data.funds.map((f) => (
                <View key={f.fund.fundCode} className='alfa-compare__cell' />
              ))}
            </View>
            {section.rows.map((row) => (
              <View key={row.key} className='alfa-compare__row' role='row' data-row={row.key}>
                <View className='alfa-compare__name' role='rowheader'>
                  <Text>{row.label}</Text>
                </View>
                {data.funds.map((f) => {
                  const isBest = best.get(row.key)?.has(f.fund.fundCode) ?? false
                  const explained = row.basis && !f.figuresUnavailable ? row.basis : null
                  return (
                    <View
                      key={f.fund.fundCode}
                      className={`alfa-compare__cell${isBest ? ' alfa-compare__cell--best' : ''}`}
                      role='cell'
                      data-fund={f.fund.fundCode}
                      data-best={isBest ? 'true' : undefined}
                    >
                      {explained ? (
                        <View
                          className='alfa-compare__basis'
                          role='button'
                          aria-haspopup='dialog'
                          onClick={() => setBasis({ fundCode: f.fund.fundCode, figure: explained })}
                        >
                          {row.cell(f)}
                        </View>
                      ) : f.figuresUnavailable && row.figure ? (
                        plain(NULL_TEXT)
                      ) : (
                        row.cell(f)
                      )}
                      {isBest && (
                        <Text className='alfa-compare__best' aria-label={`${names.get(f.fund.fundCode)}本行最优`}>
                          优
                        </Text>
                      )}
                    </View>
                  )
                })}
              </View>
            ))}
          </View>
        ))}
      </View>
      {basis && <FigureBasisSheet fundCode={basis.fundCode} figure={basis.figure} onClose={() => setBasis(null)} />}
    </View>
  )
}

/** Top-holdings overlap of every pair of funds: the securities both hold and the sum of the smaller shares; unknown without holdings. */
export function HoldingsOverlap({ data }: { data: CompareTablePartFragment }) {
  const names = new Map(data.funds.map((f) => [f.fund.fundCode, f.fund.fundName]))
  return (
    <View className='alfa-compare-overlap'>
      {data.overlaps.map((o) => (
        <View key={`${o.fundCodeA}-${o.fundCodeB}`} className='alfa-compare-overlap__row' data-pair={`${o.fundCodeA}-${o.fundCodeB}`}>
          <Text className='alfa-compare-overlap__pair'>{`${names.get(o.fundCodeA)} × ${names.get(o.fundCodeB)}`}</Text>
          {o.known ? (
            <Text className='alfa-compare-overlap__value'>
              {`重合 ${formatPercent(o.overlap, 2)}${o.commonCount ? `（${o.commonCount} 只：${o.commonNames.join('、')}）` : '（无共同持仓）'}`}
            </Text>
          ) : (
            <Text className='alfa-compare-overlap__value alfa-compare__muted'>持仓未公布，无法计算</Text>
          )}
        </View>
      ))}
    </View>
  )
}
