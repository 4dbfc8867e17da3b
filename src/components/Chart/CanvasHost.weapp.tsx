import { Canvas } from '@tarojs/components'

/** WeChat: a 2d canvas node (platform/canvas.weapp.ts acquires it by id). */
export function CanvasHost({ id, className }: { id: string; className: string }) {
  return <Canvas type='2d' id={id} className={className} disableScroll />
}
