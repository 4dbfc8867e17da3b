import { sql } from 'kysely'
import { PERIOD_NAMES } from '@alfa/common/labels'
import type { Queryable } from '../db'
import { reconcile, type FundEvent, type RawNav } from './adjusted'
import { fundEvents } from './data'
import {
  calendarReturns,
  maxDrawdown,
  PERFORMANCE_PERIODS,
  periodReturnDetail,
  periodStart,
  rate,
  type NavPoint,
  type PerformancePeriod,
} from './performance'

/**
 * 口径 (issue #25): how one of a fund's return or drawdown figures was computed — the days
 * actually used (after moving to NAV days), the NAVs at both ends, every distribution and split
 * between them with what it did to a holder's units, and the formula in words. The figure itself
 * comes from the same engine and the same stored dividend-adjusted series as the fund page, so
 * the sheet explains the number on the screen, not a second computation of it.
 */

export interface BasisPoint {
  date: string
  nav: string
  accNav: string
  adjNav: string
}

export interface BasisEvent {
  exDate: string
  kind: 'dividend' | 'split'
  cashPerUnit: string | null
  splitRatio: string | null
  /** The NAV day the cash was reinvested on (the ex-date, or the stated reinvestment day, moved to a NAV day). */
  reinvestDate: string | null
  reinvestNav: string | null
  unitsBefore: string
  unitsAfter: string
  /** In words: 每份派现金 0.0330 元，按 2024-01-05 单位净值 1.2345 再投资，持有份额 1.0000 → 1.0267 */
  text: string
}

export interface FigureBasis {
  figure: string
  label: string
  value: string | null
  requestedStartDate: string | null
  start: BasisPoint
  end: BasisPoint
  events: BasisEvent[]
  /** Units held at the end for one unit held at the start (distributions reinvested, splits applied). */
  endUnits: string
  steps: string[]
}

interface Row extends RawNav {
  adjNav: string | null
}

const pct = (x: number | null) => (x === null ? '--' : `${x > 0 ? '+' : ''}${(x * 100).toFixed(2)}%`)
const units4 = (x: number) => x.toFixed(4)

/** A holding's span (2024-01-05~2026-11-20): from the last NAV day on or before the first day to the last on or before the second. */
const RANGE = /^(\d{4}-\d{2}-\d{2})~(\d{4}-\d{2}-\d{2})$/

/**
 * The figures a sheet explains: a period (1M … SETUP), a calendar year (2024) or quarter (2024Q1),
 * DRAWDOWN, DAILY (日涨跌幅: the last NAV day against the one before), a NAV day (2024-03-01: that
 * day's 日涨跌幅, as the NAV list shows it) or a span (2024-01-05~2026-11-20: a strategy's holding).
 */
export function isBasisFigure(figure: string): boolean {
  return (
    (PERFORMANCE_PERIODS as readonly string[]).includes(figure) ||
    /^\d{4}(Q[1-4])?$/.test(figure) ||
    /^\d{4}-\d{2}-\d{2}$/.test(figure) ||
    RANGE.test(figure) ||
    figure === 'DRAWDOWN' ||
    figure === 'DAILY'
  )
}

/** The fund's rows with their stored adjusted NAVs, oldest first. */
async function fundRows(q: Queryable, fundCode: string): Promise<Row[]> {
  const { rows } = await sql<{ date: string; nav: string; accNav: string; growth: string | null; adjNav: string | null }>`
    select to_char(nav_date, 'YYYY-MM-DD') as date, nav::text as nav, acc_nav::text as "accNav", growth::text as growth, adj_nav::text as "adjNav"
    from fund_navs where fund_code = ${fundCode} order by nav_date`.execute(q.db)
  return rows
}

/**
 * The basis of one figure of a fund; null when the fund has no such figure (younger than the
 * period, no such year, too few NAVs) or its figures are unavailable (sources that contradict
 * each other: the fund page shows none either).
 */
export async function figureBasis(q: Queryable, fundCode: string, figure: string): Promise<FigureBasis | null> {
  const [rows, explicit] = await Promise.all([fundRows(q, fundCode), fundEvents(q, [fundCode])])
  if (rows.length < 2 || rows.some((r) => r.adjNav === null)) return null
  const rec = reconcile(rows, explicit.get(fundCode) ?? null)
  if (rec.unavailable) return null
  const series: NavPoint[] = rows.map((r) => ({ date: r.date, value: r.adjNav! }))
  const byDate = new Map(rows.map((r, i) => [r.date, i]))

  let from: string
  let to: string
  let value: number | null
  let label: string
  let requestedStartDate: string | null = null
  if (figure === 'DRAWDOWN') {
    const dd = maxDrawdown(series)
    if (!dd.peakDate || !dd.troughDate) return null
    ;[from, to, value, label] = [dd.peakDate, dd.troughDate, dd.value, '最大回撤']
  } else if (figure === 'DAILY' || /^\d{4}-\d{2}-\d{2}$/.test(figure)) {
    const i = figure === 'DAILY' ? series.length - 1 : (byDate.get(figure) ?? 0)
    // The first NAV day, or a day without a NAV, has no change.
    if (i < 1) return null
    const [prev, day] = [series[i - 1], series[i]]
    ;[from, to, value] = [prev.date, day.date, Number(day.value) / Number(prev.value) - 1]
    label = figure === 'DAILY' ? '日涨跌幅' : `${day.date} 日涨跌幅`
  } else if (RANGE.test(figure)) {
    const [, first, last] = RANGE.exec(figure)!
    const onOrBefore = (day: string) => {
      let k = -1
      for (let j = 0; j < series.length && series[j].date <= day; j++) k = j
      return k
    }
    const [a, b] = [onOrBefore(first), onOrBefore(last)]
    if (first > last || a < 0 || b <= a) return null
    ;[from, to, value] = [series[a].date, series[b].date, Number(series[b].value) / Number(series[a].value) - 1]
    label = `${from} 至 ${to}`
    requestedStartDate = first === from ? null : first
  } else if (/^\d{4}$/.test(figure)) {
    const year = calendarReturns(series, 'year').find((y) => y.label === figure)
    if (!year) return null
    ;[from, to, value, label] = [year.base.date, year.end.date, year.value, `${figure}年`]
    requestedStartDate = from < `${figure}-01-01` ? `${Number(figure) - 1}-12-31` : null
  } else if (/^\d{4}Q[1-4]$/.test(figure)) {
    const quarter = calendarReturns(series, 'quarter').find((x) => x.label === figure)
    if (!quarter) return null
    const q = Number(figure.slice(5))
    const first = `${figure.slice(0, 4)}-${String(q * 3 - 2).padStart(2, '0')}-01`
    ;[from, to, value, label] = [quarter.base.date, quarter.end.date, quarter.value, `${figure.slice(0, 4)}年第${q}季度`]
    // The day before the quarter: the last day of the one before.
    requestedStartDate = from < first ? new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10) : null
  } else {
    const period = figure as PerformancePeriod
    const detail = periodReturnDetail(series, period)
    if (!detail) return null
    ;[from, to, value, label] = [detail.base.date, detail.end.date, detail.value, PERIOD_NAMES[period]]
    const start = periodStart(period, detail.end.date)
    requestedStartDate = start === null ? null : period === 'YTD' ? `${Number(start.slice(0, 4)) - 1}-12-31` : start
  }
  const point = (date: string): BasisPoint => {
    const r = rows[byDate.get(date)!]
    return { date: r.date, nav: r.nav, accNav: r.accNav ?? r.nav, adjNav: Number(r.adjNav).toFixed(4) }
  }
  const { events, units } = replay(rows, rec.events, from, to)
  const start = point(from)
  const end = point(to)
  const steps = [
    requestedStartDate && requestedStartDate !== from
      ? `起点应为 ${requestedStartDate}，当天没有净值，取此前最近的净值日 ${from}。`
      : `起点 ${from}，终点 ${to}（均为净值日）。`,
    `起点单位净值 ${start.nav}，按 1 份持有，价值 ${start.nav}。`,
    ...events.map((e) => `${e.exDate} ${e.text}。`),
    events.length
      ? `终点 ${to} 持有 ${units4(units)} 份 × 单位净值 ${end.nav} = ${(units * Number(end.nav)).toFixed(4)}。`
      : `期间没有分红或拆分，终点 ${to} 单位净值 ${end.nav}。`,
    figure === 'DRAWDOWN'
      ? `最大回撤 = 谷底价值 ÷ 此前最高价值 − 1 = 复权净值 ${end.adjNav} ÷ ${start.adjNav} − 1 = ${pct(value)}。`
      : `收益率 = 终点价值 ÷ 起点价值 − 1 = 复权净值 ${end.adjNav} ÷ ${start.adjNav} − 1 = ${pct(value)}。`,
    '复权净值 = 单位净值 × 分红再投资与拆分后的份额，所以分红不算亏损。',
  ]
  return {
    figure,
    label,
    value: rate(value),
    requestedStartDate,
    start,
    end,
    events,
    endUnits: units4(units),
    steps,
  }
}

/**
 * One unit held on `from`: every event after it up to `to`, as adjusted.ts applies them (a split
 * multiplies the units; a distribution's cash buys units at the unit NAV of its reinvestment day,
 * the ex-date unless stated later; a day without a NAV means the next NAV day).
 */
function replay(rows: readonly Row[], events: readonly FundEvent[], from: string, to: string) {
  const out: BasisEvent[] = []
  let units = 1
  const navDayOnOrAfter = (day: string) => rows.find((r) => r.date >= day)
  for (const e of [...events].sort((a, b) => a.date.localeCompare(b.date))) {
    const day = navDayOnOrAfter(e.date)
    if (!day || day.date <= from || day.date > to) continue
    const before = units
    if (e.kind === 'split' && e.ratio && e.ratio > 0) {
      units *= e.ratio
      out.push({
        exDate: e.date,
        kind: 'split',
        cashPerUnit: null,
        splitRatio: String(e.ratio),
        reinvestDate: null,
        reinvestNav: null,
        unitsBefore: units4(before),
        unitsAfter: units4(units),
        text: `份额拆分（折算），每份折为 ${e.ratio} 份，持有份额 ${units4(before)} → ${units4(units)}`,
      })
    } else if (e.kind === 'dividend' && e.cash) {
      const reinvest = navDayOnOrAfter(e.reinvestDate && e.reinvestDate > e.date ? e.reinvestDate : e.date)
      if (!reinvest || reinvest.date > to) continue
      units += (before * e.cash) / Number(reinvest.nav)
      out.push({
        exDate: e.date,
        kind: 'dividend',
        cashPerUnit: e.cash.toFixed(4),
        splitRatio: null,
        reinvestDate: reinvest.date,
        reinvestNav: reinvest.nav,
        unitsBefore: units4(before),
        unitsAfter: units4(units),
        text: `每份派现金 ${e.cash.toFixed(4)} 元，按 ${reinvest.date} 单位净值 ${reinvest.nav} 再投资，持有份额 ${units4(before)} → ${units4(units)}`,
      })
    }
  }
  return { events: out, units }
}
