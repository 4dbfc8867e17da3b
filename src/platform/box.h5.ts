import type { Box } from './box'

export type { Box } from './box'

/**
 * The browser measures the element itself: Taro's H5 createSelectorQuery brings its canvas-context
 * emulation along (3.5 KB of gzipped JS in the first screen of the fund and strategy pages).
 */
export function measureBox(selector: string, answer: (box: Box | null) => void): void {
  const element = typeof document === 'undefined' ? null : document.querySelector(selector)
  if (!element) return answer(null)
  const { left, top, width, height } = element.getBoundingClientRect()
  answer({ left, top, width, height })
}
