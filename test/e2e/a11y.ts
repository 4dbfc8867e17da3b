/**
 * Accessibility checks of a displayed screen (issue 24): axe-core (serious and critical violations
 * fail, the rest are printed as diagnostics) and the app's own rule that every tappable element is
 * announced as a control with a name. h5.test.ts runs them inside its route walk, once per route in
 * the light scheme and colour contrast once per route in the dark one, so no page load is added for them.
 */
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

const FAILING = new Set(['serious', 'critical'])
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

export interface AxeReport {
  /** One line per violation and node: `[impact] rule: help — target — summary`. */
  lines: string[]
  /** The serious and critical ones among them. */
  failing: string[]
}

/** axe-core on the whole document as it is now: every rule of TAGS, or only the rules given. */
export async function axeReport(page: Page, rules?: string[]): Promise<AxeReport> {
  const builder = new AxeBuilder({ page })
  const result = await (rules ? builder.withRules(rules) : builder.withTags(TAGS)).analyze()
  const lines: string[] = []
  const failing: string[] = []
  for (const v of result.violations) {
    for (const node of v.nodes) {
      const line = `[${v.impact}] ${v.id}: ${v.help} — ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`
      lines.push(line)
      if (FAILING.has(v.impact ?? '')) failing.push(line)
    }
  }
  return { lines, failing }
}

/**
 * Runs in the page: every displayed element that reacts to a tap (a React onClick or onLongPress, a Preact click listener
 * on it, as Taro's H5 components leave no attribute for them, or a native link, button or field)
 * and is not announced as a control with a name. Returns one line per such element.
 */
function unnamedTappables(): string[] {
  const ROLES = new Set([
    'button',
    'link',
    'tab',
    'checkbox',
    'radio',
    'switch',
    'menuitem',
    'option',
    'combobox',
    'textbox',
    'searchbox',
    'slider',
  ])
  const NATIVE = 'a[href], button, input, select, textarea, summary'
  // A dialog's backdrop closes it on a tap; the dialog's own buttons are the named way out.
  const BACKDROPS = '.at-modal__overlay'
  const reactProps = (el: Element): Record<string, unknown> | undefined => {
    const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'))
    return key ? ((el as unknown as Record<string, Record<string, unknown>>)[key] ?? undefined) : undefined
  }
  // H5 renders with Preact, which keeps an element's event handlers in `l` (`_listeners` before
  // minification), keyed by event name and capture flag; Taro's View listens to touches everywhere,
  // so a click handler is what marks a tappable element.
  const preactClick = (el: Element): boolean => {
    const own = el as unknown as { l?: Record<string, unknown>; _listeners?: Record<string, unknown> }
    const listeners = own.l ?? own._listeners
    return (
      !!listeners &&
      typeof listeners === 'object' &&
      (typeof listeners.clickfalse === 'function' || typeof listeners.clicktrue === 'function')
    )
  }
  const shown = (el: Element) => {
    if (!(el as HTMLElement).getClientRects().length) return false
    const cs = getComputedStyle(el)
    return cs.visibility !== 'hidden' && cs.display !== 'none'
  }
  const textOf = (id: string) => document.getElementById(id)?.textContent ?? ''
  // The name as assistive technology computes it, in the ways this app gives one.
  const nameOf = (el: Element): string =>
    (
      el.getAttribute('aria-label') ||
      (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean).map(textOf).join(' ') ||
      (el as HTMLElement).innerText ||
      [...el.querySelectorAll('img[alt]')].map((i) => i.getAttribute('alt')).join(' ') ||
      (el as HTMLInputElement).placeholder ||
      el.getAttribute('title') ||
      ''
    ).trim()
  const describe = (el: Element) => {
    const cls = (el.getAttribute('class') ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2)
    const route = el.closest('.alfa-page[data-route]')?.getAttribute('data-route')
    return `<${el.tagName.toLowerCase()}${cls.length ? ` class="${cls.join(' ')}"` : ''}${el.getAttribute('role') ? ` role="${el.getAttribute('role')}"` : ''}> on ${route ?? '?'} (text ${JSON.stringify(((el as HTMLElement).innerText ?? '').trim().slice(0, 30))})`
  }
  const out: string[] = []
  for (const el of document.querySelectorAll('body *')) {
    const props = reactProps(el)
    const tappable =
      el.matches(NATIVE) || typeof props?.onClick === 'function' || typeof props?.onLongPress === 'function' || preactClick(el)
    if (!tappable || !shown(el) || el.matches(BACKDROPS) || el.closest('[aria-hidden="true"]')) continue
    const role = el.getAttribute('role')
    if (!el.matches(NATIVE) && !(role && ROLES.has(role))) out.push(`tappable without a control role: ${describe(el)}`)
    else if (!nameOf(el)) out.push(`control without a name: ${describe(el)}`)
  }
  return out
}

/** Every displayed tappable element that is not a named control (button, link, tab…). */
export function tappableNameProblems(page: Page): Promise<string[]> {
  return page.evaluate(unnamedTappables)
}
