import { useRouter } from '@tarojs/taro'
import { Page } from '@/components/Page'
import { LoginScreen } from '@/features/account'
import { backParam } from '@/services/login'

export default function LoginPage() {
  const { params } = useRouter()
  return (
    <Page route='login'>
      <LoginScreen back={backParam(params.back)} />
    </Page>
  )
}
