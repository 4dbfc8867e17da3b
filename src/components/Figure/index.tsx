import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { RISK_LEVEL_NAMES, RISK_LEVEL_NAMES_3, type RiskLevel } from '@alfa/common/labels'
import { drawdownModifier, formatDrawdown, formatPercent, toneModifier, type Numeric } from '@/utils/number'
import './index.scss'

/** A signed rate (+1.23%) coloured by its direction: gains red, losses green, zero and missing grey. */
export function SignedRate({ value, className = '', role }: { value: Numeric; className?: string; role?: 'cell' }) {
  return (
    <Text className={`alfa-num alfa-num--${toneModifier(value)} ${className}`} role={role}>
      {formatPercent(value, 2, { sign: true })}
    </Text>
  )
}

/** A max drawdown: always a fall (-35.55%) in the falling colour, whatever sign it arrives with; 0.00% grey. */
export function DrawdownRate({ value, className = '' }: { value: Numeric; className?: string }) {
  return <Text className={`alfa-num alfa-num--${drawdownModifier(value)} alfa-drawdown ${className}`}>{formatDrawdown(value)}</Text>
}

/** 截至 yyyy-MM-dd beside figures: the day of the NAV they are as of (a Date scalar); nothing without one. */
export function AsOf({ date, className = '' }: { date: string | null | undefined; className?: string }) {
  return date ? <Text className={`alfa-asof ${className}`}>{`截至 ${date.slice(0, 10)}`}</Text> : null
}

const TONE_OF_LEVEL: Record<RiskLevel, 'high' | 'medium' | 'low'> = {
  High: 'high',
  MidHigh: 'high',
  Medium: 'medium',
  MidLow: 'low',
  Low: 'low',
}

/** Risk tone of the five level names and the three-level scale's 低 / 中 / 高. */
const RISK_TONE: Record<string, string> = Object.fromEntries(
  [RISK_LEVEL_NAMES, RISK_LEVEL_NAMES_3].flatMap((names) =>
    (Object.keys(names) as RiskLevel[]).map((level) => [names[level], TONE_OF_LEVEL[level]]),
  ),
)

/** A small outlined tag (category, money type). */
export function Tag({ children, tone }: { children: string; tone?: 'risk' | 'demo' | 'primary' }) {
  return <Text className={`alfa-tag${tone ? ` alfa-tag--${tone}` : ''}`}>{children}</Text>
}

/** Risk level tag (低风险 … 高风险, or 低 / 中 / 高); the higher levels are warmer. */
export function RiskTag({ name }: { name: string }) {
  return <Text className={`alfa-tag alfa-tag--risk alfa-tag--${RISK_TONE[name] ?? 'medium'}`}>{name}</Text>
}

/** Marks demo figures so nobody mistakes them for market data (UI.md). */
export function DemoBadge() {
  return <Tag tone='demo'>演示数据</Tag>
}

/** The spec's colour tones: Positive red, Negative green, Primary the brand blue, Warning orange, Error red (UI.md). */
export type ColourTone = 'Error' | 'Negative' | 'Positive' | 'Primary' | 'Warning'

/** A server-given text in its font colour (showcases); no tone reads as plain text. */
export function ToneText({ tone, children, className = '' }: { tone?: ColourTone | null; children: string; className?: string }) {
  return <Text className={`alfa-tone alfa-tone--${tone ?? 'none'} ${className}`}>{children}</Text>
}

export interface FigureCell {
  key: string
  /** The figure, drawn by the caller with the class `alfa-figures__value` (a SignedRate, a ToneText). */
  figure: ReactNode
  label: string
  /** data-* attributes of the cell (`data-period`, `data-key`). */
  data?: Record<`data-${string}`, string>
  /** A tap on the cell (to show how the figure was computed): a button named by its own text, opening a dialog. */
  onTap?: { run: () => void }
}

/** Figures three to a row, each above its label: a fund's period returns, a strategy's showcases. */
export function FigureGrid({
  cells,
  className = '',
  cellClassName = '',
}: {
  cells: FigureCell[]
  className?: string
  cellClassName?: string
}) {
  return (
    <View className={`alfa-figures ${className}`}>
      {cells.map((c) => (
        <View
          key={c.key}
          className={`alfa-figures__cell ${cellClassName}`}
          {...c.data}
          {...(c.onTap ? { role: 'button' as const, 'aria-haspopup': 'dialog' as const, onClick: c.onTap.run } : {})}
        >
          {c.figure}
          <Text className='alfa-figures__label'>{c.label}</Text>
        </View>
      ))}
    </View>
  )
}
