import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { useShareSubject } from '@/components/Page'
import { openExternal } from '@/services/external'
import { toast } from '@/services/toast'
import { formatDate, MONTH_DAY } from '@/utils/format'
import { PortfolioTitle } from '../Showcases'
import './index.scss'

/** Rows per page of every record list. */
export const RECORDS_PAGE_SIZE = 10

/** The spec's PageInput: the cursor of the last page, or none for the first. */
export const pageInput = (cursor: string | null, size = RECORDS_PAGE_SIZE) => (cursor ? { cursor, size } : { size })

/** The strategy's name heading a record screen; it is also the page's share title. */
export function RecordsTitle({ poName, poCode, sub }: { poName: string; poCode: string; sub?: string }) {
  useShareSubject(poName)
  return <PortfolioTitle poName={poName} poCode={poCode} sub={sub} />
}

/** Opens an article or post on the allow-list; says so when it may not be opened. */
export function openLink(url: string | null | undefined): void {
  if (!url) return
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

/** One entry of a timeline: the date on the left, the record on the right. */
export function TimelineItem({ date, children }: { date: string; children: ReactNode }) {
  return (
    <View className='alfa-po-rec' role='listitem'>
      <View className='alfa-po-rec__rail'>
        <Text className='alfa-po-rec__date'>{formatDate(date, MONTH_DAY)}</Text>
        <Text className='alfa-po-rec__year'>{formatDate(date, 'yyyy')}</Text>
        <View className='alfa-po-rec__dot' />
      </View>
      <View className='alfa-po-rec__body'>{children}</View>
    </View>
  )
}
