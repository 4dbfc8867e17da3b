import { useState } from 'react'
import { Image, View } from '@tarojs/components'
import { imageSrc } from '@/services/imageUrl'

export interface AvatarProps {
  /** The person's name; its first character stands in for the picture. */
  name: string
  /** The picture's url (host-relative on the API server, or on an allowed host); none shows the initial. */
  url?: string | null
  /** BEM block element; the initial gets `${className}--initial` as well. */
  className: string
}

/**
 * A person's photo (the API server's own image or one from an allowed host, services/imageUrl.ts);
 * the first character of the name stands in when there is none or it fails to load. Decorative:
 * the name is always written next to it.
 */
export function Avatar({ name, url, className }: AvatarProps) {
  const src = imageSrc(url)
  const [failed, setFailed] = useState<string | null>(null)
  if (src && failed !== src) {
    return <Image className={className} src={src} mode='aspectFill' aria-hidden='true' onError={() => setFailed(src)} />
  }
  return (
    <View className={`${className} ${className}--initial`} aria-hidden='true'>
      {name.slice(0, 1)}
    </View>
  )
}
