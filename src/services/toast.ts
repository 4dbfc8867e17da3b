import { makeAutoObservable } from '@/utils/observable'

/** Toast durations (spec section 9). */
export const TOAST_DURATION = 1500
/** Server messages and the login prompt stay longer. */
export const TOAST_LONG_DURATION = 3000
export const LOADING_TEXT = '正在加载'

/** null is a plain text toast; 'loading' shows a spinner and stays until hidden. */
export type ToastType = null | 'loading'

export interface ToastOptions {
  type?: ToastType
  /** Milliseconds before it closes by itself; ignored for loading. Default 1500. */
  duration?: number
  /** Show no icon (the login prompt). Plain toasts have none anyway. */
  noIcon?: boolean
}

/** The toast of spec sections 3 and 4: show, type, content. */
export class ToastStore {
  show = false
  type: ToastType = null
  content = ''
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor() {
    makeAutoObservable<ToastStore, 'timer'>(this, ['timer'])
  }

  /** Opens only if no toast is shown; returns whether it opened. */
  open(content: string, { type = null, duration = TOAST_DURATION }: ToastOptions = {}): boolean {
    if (this.show) return false
    this.show = true
    this.type = type
    this.content = content || (type === 'loading' ? LOADING_TEXT : '')
    if (type !== 'loading') this.timer = setTimeout(this.close, duration)
    return true
  }

  /** A loading toast with 正在加载 by default; it stays until close(). */
  loading(content: string = LOADING_TEXT): boolean {
    return this.open(content, { type: 'loading' })
  }

  close() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.show = false
    this.type = null
    this.content = ''
  }
}

export const toast = new ToastStore()
