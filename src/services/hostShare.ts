import type { ShareInfo } from './share'

/** Mini-programs share through the page's own handlers: no host set-up (H5: hostShare.h5.ts). */
export function setUpHostShare(_info: ShareInfo, _h5Path: string): void {}
