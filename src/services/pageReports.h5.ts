import { onFirstContentfulPaint, onPageLoaded } from '@/platform/performance'
import { currentLocation } from '@/platform/web'
import { installChunkErrorReporting } from './chunkLoad'
import { notifyLoadEnd } from './loadEnd'
import { tracker } from './tracking'

/**
 * The web page's own reports: chunk-load failures, page_performance (first contentful paint), and
 * the load-end notice to the provider's app once the page has finished loading (behind its gate).
 */
export function startPageReports(): void {
  if (typeof window === 'undefined') return
  installChunkErrorReporting()
  onFirstContentfulPaint((ms) => tracker.pagePerformance(ms, currentLocation()?.pathname ?? ''))
  onPageLoaded(() => void notifyLoadEnd())
}
