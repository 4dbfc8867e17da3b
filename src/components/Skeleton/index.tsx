import { View } from '@tarojs/components'
import './index.scss'

export interface SkeletonProps {
  /** Number of text rows (default 3). */
  rows?: number
  /** Show a title bar above the rows (default true). */
  title?: boolean
  /** Show a large figure block, as on a fund or strategy header (default false). */
  figure?: boolean
}

/** Grey blocks in the shape of the content that is loading. */
export function Skeleton({ rows = 3, title = true, figure = false }: SkeletonProps) {
  return (
    <View className='alfa-skeleton' aria-busy='true' aria-label='正在加载'>
      {title && <View className='alfa-skeleton__block alfa-skeleton__block--title' />}
      {figure && <View className='alfa-skeleton__block alfa-skeleton__block--figure' />}
      {Array.from({ length: rows }, (_, i) => (
        <View key={i} className={`alfa-skeleton__block alfa-skeleton__block--row${i === rows - 1 ? ' alfa-skeleton__block--last' : ''}`} />
      ))}
    </View>
  )
}
