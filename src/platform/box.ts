import Taro from '@tarojs/taro'

/** An element's box on screen, in CSS pixels. */
export interface Box {
  left: number
  top: number
  width: number
  height: number
}

/** Measures the first element matching `selector` (the host's query; null when there is none or it fails). */
export function measureBox(selector: string, answer: (box: Box | null) => void): void {
  try {
    Taro.createSelectorQuery()
      .select(selector)
      .boundingClientRect()
      .exec((res: Array<Box | null>) => answer(res?.[0] ?? null))
  } catch {
    // no query on this host
    answer(null)
  }
}
