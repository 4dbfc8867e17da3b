import { onFirstContentfulPaint } from '@/platform/performance'
import { currentLocation } from '@/platform/web'
import { installChunkErrorReporting } from './chunkLoad'
import { tracker } from './tracking'

/** The web page's own reports: chunk-load failures and page_performance (first contentful paint). */
export function startPageReports(): void {
  if (typeof window === 'undefined') return
  installChunkErrorReporting()
  onFirstContentfulPaint((ms) => tracker.pagePerformance(ms, currentLocation()?.pathname ?? ''))
}
