import { lazyPart } from '@/components/LazyPart/index.h5'

/**
 * H5: the strategy detail's body (the chart, the sections below it, the bar) in a chunk of its
 * own, asked for when the head renders: the first screen's JS is the head's (ARCHITECTURE.md
 * section 7, at most 120 KB gzipped before the first paint) and the body's evaluation and render
 * are tasks after the head's paint.
 */
export const DetailBody = lazyPart(() => import(/* webpackChunkName: "po-detail-body" */ './DetailBody'), 'alfa-po-body-pending')
