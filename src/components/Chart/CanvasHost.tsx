import { View } from '@tarojs/components'

/**
 * The element a chart draws into, in a browser (H5 and jest): a plain element that
 * platform/canvas.ts fills with its own <canvas>. Taro's Canvas component is not imported here:
 * on H5 it comes from the Stencil library, about 15 KB gzipped in every chart page's chunk.
 * Mini-programs use CanvasHost.weapp.tsx and CanvasHost.swan.tsx.
 */
export function CanvasHost({ id, className }: { id: string; className: string }) {
  return <View id={id} className={className} />
}
