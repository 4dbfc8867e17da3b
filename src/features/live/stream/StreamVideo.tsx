import { Video } from '@tarojs/components'

export interface StreamVideoProps {
  src: string
  poster?: string
}

/** The stream's player: Taro's Video (the mini-programs' native player). */
export function StreamVideo({ src, poster }: StreamVideoProps) {
  return <Video className='alfa-live-head__video' src={src} poster={poster} controls objectFit='contain' autoplay={false} />
}
