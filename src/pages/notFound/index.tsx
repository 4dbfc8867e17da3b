import { Empty } from '@/components/Empty'
import { Page } from '@/components/Page'
import { goHome } from '@/services/navigation'

export default function NotFoundPage() {
  return (
    <Page route='notFound'>
      <Empty title='页面不存在' description='您访问的页面不存在或已下线，请检查链接是否正确。' actionText='返回首页' onAction={goHome} />
    </Page>
  )
}
