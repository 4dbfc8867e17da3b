import { useLoad } from '@tarojs/taro'
import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'
import { goBackOrHome } from '@/services/navigation'

/** A page that only goes back: native flows open it to return to where the user came from. */
export default function BackPage() {
  useLoad(() => {
    goBackOrHome()
  })
  return (
    <Page route='back'>
      <PageLoading text='正在返回' />
    </Page>
  )
}
