import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { openArticleLink } from '@/features/content'
import { openExternal } from '@/services/external'
import { toast } from '@/services/toast'
import './index.scss'

/** Opens an article of the app in its page, or a post on the allow-list; says so when it may not be opened. */
export function openLink(url: string | null | undefined): void {
  if (!url || openArticleLink(url)) return
  if (!openExternal(url)) void toast.open('暂不支持打开该链接')
}

/** A link line (文章, 详情) opened through the allow-list. */
export function RecordLink({ url, children }: { url: string | null | undefined; children: ReactNode }) {
  if (!url) return null
  return (
    <View className='alfa-po-link alfa-po-rec__link' role='link' onClick={() => openLink(url)}>
      {children} ›
    </View>
  )
}
