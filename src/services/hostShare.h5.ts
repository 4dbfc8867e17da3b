import type { ShareInfo } from './share'

/**
 * The host's own share set-up for an H5 page (WeChat's JS-SDK, the provider's app), loaded only
 * where it is needed (services/shareHost.ts); the mini-programs' build has the empty variant.
 */
export function setUpHostShare(info: ShareInfo, h5Path: string): void {
  import(/* webpackChunkName: "share" */ './shareHost')
    .then((m) => m.setupHostShare(info, h5Path))
    .catch((err: unknown) => console.warn('share set-up failed', err))
}
