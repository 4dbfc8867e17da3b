import { isH5 } from '@/platform/env'

/** Mini-programs need the API server's origin; H5 calls its own origin. (Apart from request.ts so that images need not load the request stack.) */
export const API_ORIGIN = isH5 ? '' : process.env.ALFA_API_ORIGIN || ''
