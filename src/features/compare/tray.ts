import { makeAutoObservable } from '@/utils/observable'
import type { KeyValueBackend } from '@/utils/expiringStorage'
import { hostStorage } from '@/services/storage'

/** The device storage entry of the 对比栏 (kept across pages and sessions). */
export const COMPARE_TRAY_KEY = 'alfa_compare_tray'
/** Funds one comparison takes (the server refuses fewer than 2 or more than 4). */
export const MIN_COMPARED = 2
export const MAX_COMPARED = 4

export interface TrayFund {
  fundCode: string
  fundName: string
}

/** What storage held, kept only as far as it is a list of funds with codes, each once, at most four. */
function readTray(storage: KeyValueBackend): TrayFund[] {
  let raw = storage.get(COMPARE_TRAY_KEY)
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw)
    } catch {
      return []
    }
  }
  if (!Array.isArray(raw)) return []
  const out: TrayFund[] = []
  for (const item of raw as unknown[]) {
    const f = item as Partial<TrayFund> | null
    if (!f || typeof f.fundCode !== 'string' || !f.fundCode || out.some((o) => o.fundCode === f.fundCode)) continue
    out.push({ fundCode: f.fundCode, fundName: typeof f.fundName === 'string' ? f.fundName : f.fundCode })
    if (out.length === MAX_COMPARED) break
  }
  return out
}

export type TrayAdd = 'added' | 'present' | 'full'

/** The compare tray (对比栏): up to four funds picked for 基金对比, in the order they were added, saved on every change. */
export class CompareTray {
  funds: TrayFund[]

  constructor(private readonly storage: KeyValueBackend = hostStorage) {
    this.funds = readTray(storage)
    makeAutoObservable<CompareTray, 'storage'>(this, ['storage'])
  }

  get count(): number {
    return this.funds.length
  }

  get codes(): string[] {
    return this.funds.map((f) => f.fundCode)
  }

  get full(): boolean {
    return this.funds.length >= MAX_COMPARED
  }

  has(fundCode: string): boolean {
    return this.funds.some((f) => f.fundCode === fundCode)
  }

  add(fund: TrayFund): TrayAdd {
    if (this.has(fund.fundCode)) return 'present'
    if (this.full) return 'full'
    this.funds = [...this.funds, { fundCode: fund.fundCode, fundName: fund.fundName || fund.fundCode }]
    this.save()
    return 'added'
  }

  remove(fundCode: string): void {
    this.funds = this.funds.filter((f) => f.fundCode !== fundCode)
    this.save()
  }

  /** Adds the fund, or removes it when it is in the tray; 'full' when a fifth was refused. */
  toggle(fund: TrayFund): TrayAdd | 'removed' {
    if (this.has(fund.fundCode)) {
      this.remove(fund.fundCode)
      return 'removed'
    }
    return this.add(fund)
  }

  clear(): void {
    this.funds = []
    this.save()
  }

  /** Another page (or tab) changed the stored tray: read it again. */
  reload(): void {
    this.funds = readTray(this.storage)
  }

  private save(): void {
    if (this.funds.length) this.storage.set(COMPARE_TRAY_KEY, JSON.stringify(this.funds))
    else this.storage.remove(COMPARE_TRAY_KEY)
  }
}

/** The app's one tray. */
export const compareTray = new CompareTray()

/**
 * Why these codes cannot be compared, in the server's words (server/src/compare/resolvers.ts
 * checkCodes), or null: asked only when they can be (an unknown code is the server's to say).
 */
export function codesRefusal(codes: readonly string[]): string | null {
  if (codes.length < MIN_COMPARED) return `请至少选择 ${MIN_COMPARED} 只基金进行对比`
  if (codes.length > MAX_COMPARED) return `最多对比 ${MAX_COMPARED} 只基金，当前选择了 ${codes.length} 只`
  const repeated = codes.find((c, i) => codes.indexOf(c) !== i)
  return repeated ? `基金 ${repeated} 重复，请选择不同的基金` : null
}

/** The codes of a comparison's address (`codes=000001,110011`): trimmed, empty ones dropped. */
export function parseCodes(value: unknown): string[] {
  let text = typeof value === 'string' ? value : ''
  try {
    text = decodeURIComponent(text)
  } catch {
    // Keep it as it came.
  }
  return text
    .split(/[,，\s]+/)
    .map((c) => c.trim())
    .filter(Boolean)
}
