import { useState } from 'react'
import { Image, View } from '@tarojs/components'
import { imageSrc } from '@/utils/imageUrl'

export interface ManagerAvatarProps {
  managerName: string
  avatarUrl?: string | null
  /** BEM block element; the initial gets `${className}--initial` as well. */
  className: string
}

/**
 * A manager's photo (the API server's own image or one from an allowed host, src/utils/imageUrl.ts);
 * the first character of the name stands in when there is none or it fails to load. Decorative:
 * the name is always written next to it.
 */
export function ManagerAvatar({ managerName, avatarUrl, className }: ManagerAvatarProps) {
  const src = imageSrc(avatarUrl)
  const [failed, setFailed] = useState<string | null>(null)
  if (src && failed !== src) {
    return <Image className={className} src={src} mode='aspectFill' aria-hidden='true' onError={() => setFailed(src)} />
  }
  return (
    <View className={`${className} ${className}--initial`} aria-hidden='true'>
      {managerName.slice(0, 1)}
    </View>
  )
}
