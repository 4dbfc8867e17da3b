import type { StreamVideoProps } from './StreamVideo'

/**
 * The stream's player on H5: the browser's own <video>. Taro's Video is a Stencil web component on
 * H5 (its code and the Stencil runtime were 62 KB of the live page's 177 KB chunk, evaluated before the
 * page showed: issue #24); the browser's controls, poster and inline play do what it did here.
 */
export function StreamVideo({ src, poster }: StreamVideoProps) {
  return <video className='alfa-live-head__video' src={src} poster={poster} controls playsInline preload='metadata' />
}
