import { openLink, planLink } from '@/services/links'
import { tracker } from '@/services/tracking'

/** Whether a tap on `url` opens something under the link rules: a screen of the app or an allowed web page. */
export function canOpen(url: string | null | undefined): url is string {
  if (!url) return false
  const plan = planLink(url)
  return plan.kind === 'web' || (plan.kind === 'app' && plan.route !== 'notFound')
}

/**
 * Opens a link of the home page's configured content (ads, widgets, the notice) under the app's one
 * link rule (services/links.ts): app paths and in-mini-program urls as screens, allowed https pages as
 * web pages, anything else on the refusal page.
 */
export function openHomeLink(url: string | null | undefined): void {
  if (url) openLink(url)
}

/** Reports a tap on configured content with its trackProperties (spec section 3) and what was tapped. */
export function reportTap(
  event: 'ad_click' | 'widget_click' | 'notice_click',
  trackProperties: unknown,
  properties: Record<string, unknown>,
) {
  const own = trackProperties && typeof trackProperties === 'object' && !Array.isArray(trackProperties) ? trackProperties : {}
  tracker.track(event, { ...own, ...properties })
}
