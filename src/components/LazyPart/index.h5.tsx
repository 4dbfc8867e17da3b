import { Text, View } from '@tarojs/components'
import { Component, createElement, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react'
import { reportChunkError, withChunkTimeout } from '@/services/chunkLoad'
import './index.scss'

/** Shown in place of a part whose chunk failed to load; a tap loads it again. */
export const PART_FAILED_TEXT = '内容加载失败，点击重试'

interface BoundaryProps {
  onRetry: () => void
  children: ReactNode
}

/** Keeps the rest of the page when the part's chunk fails (an uncaught error would unmount the whole page). */
class PartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  render() {
    if (!this.state.failed) return this.props.children
    return (
      <View className='alfa-lazy-part__failed' role='button' onClick={this.props.onRetry}>
        <Text>{PART_FAILED_TEXT}</Text>
      </View>
    )
  }
}

/**
 * H5: a part of a page in a chunk of its own, loaded when the part first renders (after what the
 * page shows before it). While it loads, an empty block of `pendingClass` holds its place; if its
 * chunk fails (reported like every chunk failure, after LAZY_CHUNK_TIMEOUT_MS at the latest), the
 * part says so and loads again on a tap, while the rest of the page stays.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, pendingClass: string): ComponentType<P> {
  const timedLoad = withChunkTimeout(load)
  return function LazyPart(props: P) {
    const [attempt, setAttempt] = useState(0)
    const Part = useMemo(
      () =>
        lazy(() =>
          timedLoad().catch((err: unknown) => {
            reportChunkError(err)
            throw err
          }),
        ),
      // A new lazy component per attempt: a failed one keeps its rejection.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [attempt],
    )
    return (
      <PartBoundary key={attempt} onRetry={() => setAttempt((a) => a + 1)}>
        <Suspense fallback={<View className={pendingClass} />}>{createElement(Part as unknown as ComponentType<P>, props)}</Suspense>
      </PartBoundary>
    )
  }
}
