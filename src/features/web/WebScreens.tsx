import Taro, { useRouter } from '@tarojs/taro'
import { observer } from '@/hooks/observer'
import { useEffect } from 'react'
import { Empty } from '@/components/Empty'
import { LinkRefused } from '@/components/LinkRefused'
import { Skeleton } from '@/components/Skeleton'
import { isProductUrl, planLink, urlParam } from '@/services/links'
import { startLogin } from '@/services/login'
import { goBackOrHome } from '@/services/navigation'
import { session } from '@/services/session'
import { user } from '@/services/user'
import { WebFrame, type WebFrameProps } from './WebFrame'

/** The link's address (`url`, encoded) and whether it asks for the user's login (`auth`). */
function useLinkParams() {
  const { params } = useRouter()
  const auth = String(params.auth ?? '')
  return { url: urlParam(params.url), auth: auth === '1' || auth === 'true' }
}

/** A page of this app asked for through a web page: it replaces this one. */
function OpenInApp({ url }: { url: string }) {
  useEffect(() => void Taro.redirectTo({ url }), [url])
  return <Skeleton rows={4} />
}

interface WebPageProps {
  url: string
  auth: boolean
  frame: WebFrameProps['frame']
  /** Only the product's own hosts (the trade web-view); anything else is refused. */
  productOnly?: boolean
}

/**
 * One web page under the link rules (services/links.ts), whatever page shows it: checked again
 * here, since its address may come from outside (a deep link, a shared page); the refusal shows
 * the address with a copy button, an app page opens in the app, the product's pages that need
 * the login wait for it (or ask for it) and get the token.
 */
const WebPage = observer(function WebPage({ url, auth, frame, productOnly = false }: WebPageProps) {
  if (!url)
    return (
      <Empty title='没有要打开的网页' description='链接不完整，请返回后重新打开。' actionText='返回' onAction={() => void goBackOrHome()} />
    )
  const own = isProductUrl(url)
  if (productOnly && !own) return <LinkRefused url={url} reason='交易页面只能打开本平台的交易网址，该网址不是，已停止访问。' />
  const plan = planLink(url, { auth })
  if (plan.kind === 'refused') return <LinkRefused url={url} />
  if (plan.kind === 'app') return <OpenInApp url={plan.url} />
  if (auth && own && !user.token) {
    // The saved login may still be on its way (H5 start-up, the native bridge).
    if (!session.restored) return <Skeleton rows={4} />
    return <Empty title='登录后继续' description='该页面需要登录后查看。' actionText='去登录' onAction={() => void startLogin()} />
  }
  return <WebFrame url={plan.url} frame={frame} />
})

/** The external-link page: any link's address, allowed or refused (openLink sends refused ones here). */
export function ExternalLinkScreen() {
  const { url, auth } = useLinkParams()
  return <WebPage url={url} auth={auth} frame='leave' />
}

/** The web-view fallback (spec section 2): an encoded url and an optional auth flag. */
export function WebviewScreen() {
  const { url, auth } = useLinkParams()
  return <WebPage url={url} auth={auth} frame='leave' />
}

/** The web iframe: on H5 the page framed inside the app, with a way to open it in the tab. */
export function WebIframeScreen() {
  const { url, auth } = useLinkParams()
  return <WebPage url={url} auth={auth} frame='iframe' />
}

/** The trade web-view: a trade page on the product's own hosts, always with the user's login. */
export function TradeWebviewScreen() {
  const { url } = useLinkParams()
  return <WebPage url={url} auth frame='leave' productOnly />
}
