import { useRouter } from '@tarojs/taro'
import { Page } from '@/components/Page'
import { ArticleScreen } from '@/features/content'

export default function ArticlePage() {
  const { params } = useRouter()
  return (
    <Page route='article'>
      <ArticleScreen articleId={decodeURIComponent(String(params.articleId ?? '')).trim()} />
    </Page>
  )
}
