/**
 * What the pie (donut) draws, as pure data: the categories ordered by size, their shares of the
 * whole, percent texts that add up to exactly 100.00%, and colours. The F2 tree (pieDraw.ts) and
 * the legend only read this model, so it is tested without a canvas.
 */
import { formatPercent, type Numeric } from '@/utils/format'
import type { Scheme } from './model'

/** One category as a screen gives it: a name and its amount (a fraction, a percent or units). */
export interface PieInput {
  name: string
  value: Numeric
}

export interface PieSlice {
  /** Stable key of the slice (its position in the ordered model). */
  key: string
  name: string
  /** Share of the whole, 0..1. */
  fraction: number
  /** The share in hundredths of a percent (3501 is 35.01%); the slices add up to 10000. */
  hundredths: number
  /** '35.01%'. */
  percentText: string
  color: string
}

export interface PieModel {
  slices: PieSlice[]
  /** Sum of the drawn values (the fractions are relative to it). */
  total: number
  /** Line between slices: the card's colour, so slices read as separate on both schemes. */
  gap: string
  /** Colour of the centre label. */
  label: string
}

/**
 * Category colours, in order: mid-tone hues that read on the white card and on the dark one.
 * Red and green are left out on purpose: they mean gain and loss everywhere else in the app.
 */
export const PIE_PALETTE = [
  '#3388FF',
  '#FF9F1C',
  '#7B61FF',
  '#22B8CF',
  '#F06595',
  '#A9C23F',
  '#FAB005',
  '#5C7CFA',
  '#20A4A4',
  '#A0A6B2',
] as const

const GAP = { light: '#FFFFFF', dark: '#1B1E24' } as const
const LABEL = { light: '#5C6270', dark: '#A4AAB6' } as const

/** Whole hundredths of a percent in the whole pie. */
const WHOLE = 10000

/**
 * Shares in hundredths of a percent that add up to exactly 10000 (largest remainder: every share
 * is rounded down, then the units left go to the largest remainders, earlier slices first on a tie).
 */
export function roundShares(values: readonly number[]): number[] {
  const total = values.reduce((s, v) => s + v, 0)
  if (!(total > 0)) return values.map(() => 0)
  const exact = values.map((v) => (v / total) * WHOLE)
  const floors = exact.map((x) => Math.floor(x))
  let left = WHOLE - floors.reduce((s, v) => s + v, 0)
  const byRemainder = exact.map((x, i) => ({ i, r: x - floors[i] })).sort((a, b) => b.r - a.r || a.i - b.i)
  for (const { i } of byRemainder) {
    if (left <= 0) break
    floors[i] += 1
    left -= 1
  }
  return floors
}

/** The percent text of a share in hundredths of a percent: 3501 → '35.01%'. */
export function sharePercentText(hundredths: number): string {
  return formatPercent(String(hundredths / 100), 2, { ratio: false })
}

/**
 * The pie of `items`: categories without a positive amount are left out, the rest ordered from
 * the largest down (equal amounts keep the order given), coloured from PIE_PALETTE in that order.
 */
export function buildPieModel(items: readonly PieInput[], scheme: Scheme = 'light'): PieModel {
  const kept = items
    .map((item, i) => ({ name: item.name, value: Number(item.value), i }))
    .filter((item) => Number.isFinite(item.value) && item.value > 0)
    .sort((a, b) => b.value - a.value || a.i - b.i)
  const total = kept.reduce((s, item) => s + item.value, 0)
  const shares = roundShares(kept.map((item) => item.value))
  return {
    slices: kept.map((item, k) => ({
      key: `s${k}`,
      name: item.name,
      fraction: item.value / total,
      hundredths: shares[k],
      percentText: sharePercentText(shares[k]),
      color: PIE_PALETTE[k % PIE_PALETTE.length],
    })),
    total,
    gap: GAP[scheme],
    label: LABEL[scheme],
  }
}
