import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import './index.scss'

export interface CardProps {
  /** Heading of the section. */
  title: string
  /** Something beside the heading (a legend, a date). */
  extra?: ReactNode
  children?: ReactNode
  /** Shows 更多 › beside the heading; no link without it. */
  onMore?: () => void
  className?: string
}

/** A section of a data screen: a titled card, optionally with a 更多 link. */
export function Card({ title, extra, children, onMore, className = '' }: CardProps) {
  return (
    <View className={`alfa-section ${className}`}>
      <View className='alfa-section__head'>
        <Text className='alfa-section__title'>{title}</Text>
        {extra}
        {onMore && (
          <View className='alfa-section__more' role='link' onClick={onMore}>
            更多 ›
          </View>
        )}
      </View>
      {children}
    </View>
  )
}

/** Label/value rows (trade rules, statistics, information). */
export function InfoRows({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <View className='alfa-rows'>
      {rows.map(([label, value]) => (
        <View key={label} className='alfa-rows__row'>
          <Text className='alfa-rows__label'>{label}</Text>
          <View className='alfa-rows__value'>{value}</View>
        </View>
      ))}
    </View>
  )
}
