import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { openLink } from '@/services/links'
import './index.scss'

/** A link line (文章, 详情) opened through the link rules (our articles in the app, the rest on the allow-list or refused). */
export function RecordLink({ url, children }: { url: string | null | undefined; children: ReactNode }) {
  if (!url) return null
  return (
    <View className='alfa-po-link alfa-po-rec__link' role='link' onClick={() => openLink(url)}>
      {children} ›
    </View>
  )
}
