import { Canvas } from '@tarojs/components'

/** Baidu: the legacy canvas addressed by canvasId (platform/canvas.swan.ts draws through its context). */
export function CanvasHost({ id, className }: { id: string; className: string }) {
  return <Canvas id={id} canvasId={id} className={className} disableScroll />
}
