/**
 * NAV alerts (净值提醒, issue #25): the kinds, what each says, and the threshold rules, shared by
 * the server (which refuses a bad threshold with the reason) and the app (which says it before asking).
 */
export type NavAlertKind = 'RISE' | 'FALL' | 'ABOVE' | 'BELOW'
export const NAV_ALERT_KINDS: readonly NavAlertKind[] = ['RISE', 'FALL', 'ABOVE', 'BELOW']

/** Daily-change kinds take a percent; the others a unit NAV. */
export const isChangeKind = (kind: NavAlertKind) => kind === 'RISE' || kind === 'FALL'

/** The condition's words before the threshold, and the unit after it. */
export const NAV_ALERT_LABELS: Record<NavAlertKind, { label: string; unit: string }> = {
  RISE: { label: '日涨幅 ≥', unit: '%' },
  FALL: { label: '日跌幅 ≥', unit: '%' },
  ABOVE: { label: '单位净值 ≥', unit: '' },
  BELOW: { label: '单位净值 ≤', unit: '' },
}

/** A rule in words: 日涨幅 ≥ +3.00%, 单位净值 ≤ 1.2000. */
export function navAlertText(kind: NavAlertKind, threshold: string): string {
  const t = Number(threshold)
  if (kind === 'RISE') return `日涨幅 ≥ +${t.toFixed(2)}%`
  if (kind === 'FALL') return `日跌幅 ≥ ${t.toFixed(2)}%`
  return `${NAV_ALERT_LABELS[kind].label} ${t.toFixed(4)}`
}

/**
 * The threshold as stored, or the reason it is refused: a percent for the daily change
 * (0.01–99.99, two decimals: a fall of 100 % or more can never happen), a unit NAV for the others
 * (positive, four decimals, below 10,000).
 */
export function checkNavAlertThreshold(kind: NavAlertKind, threshold: string): { value: string } | { refused: string } {
  const text = threshold.trim()
  const change = isChangeKind(kind)
  if (!/^\d{1,8}(\.\d+)?$/.test(text)) return { refused: change ? '请输入涨跌幅，例如 3 或 2.5' : '请输入净值，例如 1.2345' }
  const value = Number(text)
  const decimals = text.split('.')[1]?.length ?? 0
  if (change) {
    if (decimals > 2) return { refused: '涨跌幅最多保留两位小数' }
    if (value <= 0 || value >= 100) return { refused: '涨跌幅应大于 0% 且小于 100%，否则提醒永远不会触发' }
    return { value: value.toFixed(2) }
  }
  if (decimals > 4) return { refused: '净值最多保留四位小数' }
  if (value <= 0) return { refused: '净值应大于 0，否则提醒永远不会触发' }
  if (value >= 10_000) return { refused: '净值应小于 10000' }
  return { value: value.toFixed(4) }
}
