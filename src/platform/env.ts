/** The build target. This folder is the only place that branches on it. */
export type Target = 'weapp' | 'swan' | 'h5'

export const TARGET: Target = process.env.TARO_ENV || 'h5'
export const isH5 = TARGET === 'h5'
