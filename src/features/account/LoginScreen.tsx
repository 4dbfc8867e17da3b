import { Button, Input, Text, View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { useEffect, useRef, useState } from 'react'
import { useRemote } from '@/hooks/remote'
import { loginKind, openMiniProgramLogin, type LoginKind } from '@/platform/hostLogin'
import { userInfoDetail } from '@/services/api'
import {
  loginWithBaiduPhone,
  loginWithBridge,
  loginWithWechat,
  logout,
  PhoneNumberRefused,
  prepareBaiduLogin,
  type PhoneNumberDetail,
} from '@/services/account'
import { leaveLogin } from '@/services/login'
import { navigateTo } from '@/services/navigation'
import type { RouteName } from '@/routes'
import { user } from '@/services/user'
import { failureText, LOGIN_FAILED_TEXT, SmsLoginForm } from './smsLoginForm'
import './LoginScreen.scss'

export const LOGOUT_TEXT = '退出登录'
export const PHONE_REFUSED_TEXT = '需要授权手机号才能登录'
export const NEW_PHONE_NOTE = '未注册的手机号验证后将自动注册'

export interface LoginScreenProps {
  /** Where to land after login (the back= parameter; checked before use). */
  back: string | null
  /** How this host logs in (default: the host's own way). */
  kind?: LoginKind
  /** The SMS form (tests); default a new one. */
  form?: SmsLoginForm
}

/**
 * The login screen of every host (spec sections 2 and 4): SMS code on the web, the app's bridge
 * in the provider's app, WeChat's login code and Baidu's phone-number button in the mini-programs.
 * A logged-in user sees their (masked) phone and 退出登录 instead.
 */
export const LoginScreen = observer(function LoginScreen({ back, kind = loginKind(), form }: LoginScreenProps) {
  // A login under way here leaves the screen when done; any other logged-in user (on arrival, or
  // restored from storage after the first render) sees the account panel.
  const [loggingIn, setLoggingIn] = useState(false)
  if (user.isLogin && !loggingIn) return <Account />
  const flow: LoginFlow = { start: () => setLoggingIn(true), fail: () => setLoggingIn(false), done: () => leaveLogin(back) }
  return (
    <View className='alfa-login'>
      <View className='alfa-login__head'>
        <Text className='alfa-login__title'>登录 Alfa</Text>
        <Text className='alfa-login__sub'>登录后可使用自选、我的筛选和关注</Text>
      </View>
      {kind === 'sms' && <SmsLogin form={form} flow={flow} />}
      {kind === 'wechat' && <HostLogin text='微信一键登录' run={loginWithWechat} flow={flow} />}
      {kind === 'bridge' && <HostLogin text='登录' run={loginWithBridge} flow={flow} auto />}
      {kind === 'baiduPhone' && <BaiduPhoneLogin flow={flow} />}
      {/* The mini-program's login page opens over this web view; the login comes back with the web view's token. */}
      {kind === 'miniProgram' && <HostLogin text='去小程序登录' run={openMiniProgramLogin} flow={{ ...flow, done: flow.fail }} auto />}
    </View>
  )
})

/** A login attempt as the screen sees it: started (before any request), failed, or done (leave). */
interface LoginFlow {
  start: () => void
  fail: () => void
  done: () => void
}

const SmsLogin = observer(function SmsLogin({ form: given, flow }: { form?: SmsLoginForm; flow: LoginFlow }) {
  const [form] = useState(() => given ?? new SmsLoginForm())
  useEffect(() => () => form.dispose(), [form])
  const submit = async () => {
    if (!form.canSubmit) return
    flow.start()
    if (await form.submit()) flow.done()
    else flow.fail()
  }
  const busy = form.status === 'submitting' || form.status === 'done'
  return (
    <View className='alfa-login__form' role='form'>
      <View className='alfa-login__field'>
        <Input
          className='alfa-login__input'
          type='number'
          name='phone'
          aria-label='手机号'
          placeholder='请输入手机号'
          maxlength={11}
          value={form.phone}
          onInput={(e) => form.setPhone(e.detail.value)}
        />
      </View>
      <View className='alfa-login__field'>
        <Input
          className='alfa-login__input alfa-login__input--code'
          type='number'
          name='code'
          aria-label='验证码'
          placeholder='请输入验证码'
          maxlength={6}
          value={form.code}
          onInput={(e) => form.setCode(e.detail.value)}
          onConfirm={() => void submit()}
        />
        <View
          className={`alfa-login__send${form.canSend ? '' : ' alfa-login__send--disabled'}`}
          role='button'
          aria-disabled={!form.canSend}
          onClick={() => void form.send()}
        >
          {form.sendText}
        </View>
      </View>
      {form.error && (
        <View className='alfa-login__error' role='alert'>
          {form.error}
        </View>
      )}
      <View
        className={`alfa-login__submit${busy ? ' alfa-login__submit--disabled' : ''}`}
        role='button'
        aria-disabled={busy}
        aria-busy={form.status === 'submitting'}
        onClick={() => void submit()}
      >
        {form.status === 'submitting' ? '登录中…' : '登录'}
      </View>
      <Text className='alfa-login__note'>{NEW_PHONE_NOTE}</Text>
    </View>
  )
})

/** One tap logs in with the host's own way; `auto` tries once on arrival (the app's bridge). */
function HostLogin({ text, run, flow, auto = false }: { text: string; run: () => Promise<unknown>; flow: LoginFlow; auto?: boolean }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const go = async () => {
    if (busy) return
    setBusy(true)
    setError(null)
    flow.start()
    try {
      await run()
      flow.done()
    } catch (err) {
      setError(failureText(err, LOGIN_FAILED_TEXT))
      flow.fail()
    }
    setBusy(false)
  }
  // Once, on arrival: the first render's go, as the first render saw it.
  const onArrival = useRef(auto ? go : null)
  useEffect(() => {
    const first = onArrival.current
    onArrival.current = null
    if (first) void first()
  }, [])
  return (
    <View className='alfa-login__form'>
      {error && (
        <View className='alfa-login__error' role='alert'>
          {error}
        </View>
      )}
      <View
        className={`alfa-login__submit${busy ? ' alfa-login__submit--disabled' : ''}`}
        role='button'
        aria-disabled={busy}
        aria-busy={busy}
        onClick={() => void go()}
      >
        {busy ? '登录中…' : text}
      </View>
    </View>
  )
}

/** Baidu: the phone-number button; its encrypted data goes with a login code, taken before the tap, to the server. */
function BaiduPhoneLogin({ flow }: { flow: LoginFlow }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => prepareBaiduLogin(), [])
  const onPhone = async (detail: PhoneNumberDetail) => {
    if (busy) return
    setBusy(true)
    setError(null)
    flow.start()
    try {
      await loginWithBaiduPhone(detail)
      flow.done()
    } catch (err) {
      setError(err instanceof PhoneNumberRefused ? PHONE_REFUSED_TEXT : failureText(err, LOGIN_FAILED_TEXT))
      // The code went with the failed attempt: the next tap gets one taken before it.
      if (!(err instanceof PhoneNumberRefused)) prepareBaiduLogin()
      flow.fail()
      setBusy(false)
    }
  }
  return (
    <View className='alfa-login__form'>
      {error && (
        <View className='alfa-login__error' role='alert'>
          {error}
        </View>
      )}
      <Button
        role='button'
        className={`alfa-login__submit alfa-login__phone${busy ? ' alfa-login__submit--disabled' : ''}`}
        openType='getPhoneNumber'
        disabled={busy}
        onGetPhoneNumber={(e) => void onPhone(e.detail)}
      >
        {busy ? '登录中…' : '手机号快捷登录'}
      </Button>
    </View>
  )
}

/** What a signed-in user reaches from the account panel. */
export const ACCOUNT_ENTRIES: ReadonlyArray<{ route: RouteName; label: string }> = [
  { route: 'followed', label: '我的关注' },
  { route: 'favourites', label: '我的自选' },
  { route: 'myFilter', label: '我的筛选' },
  { route: 'messages', label: '消息' },
]

/** The signed-in user: their masked phone (or nickname), 我的关注 / 我的自选 / 我的筛选 / 消息, and 退出登录. */
const Account = observer(function Account() {
  const { data } = useRemote('account:me', userInfoDetail, { user: true, empty: () => false })
  const [busy, setBusy] = useState(false)
  const out = async () => {
    if (busy) return
    setBusy(true)
    await logout()
    setBusy(false)
  }
  return (
    <View className='alfa-login'>
      <View className='alfa-login__account'>
        <Text className='alfa-login__label'>当前账号</Text>
        <Text className='alfa-login__who'>{data ? (data.phone ?? data.nickname) : '已登录'}</Text>
      </View>
      <View className='alfa-login__entries'>
        {ACCOUNT_ENTRIES.map((e) => (
          <View key={e.route} className='alfa-login__entry' role='link' data-route={e.route} onClick={() => void navigateTo(e.route)}>
            {e.label}
            <Text className='alfa-login__chevron'>›</Text>
          </View>
        ))}
      </View>
      <View
        className={`alfa-login__logout${busy ? ' alfa-login__submit--disabled' : ''}`}
        role='button'
        aria-disabled={busy}
        onClick={() => void out()}
      >
        {LOGOUT_TEXT}
      </View>
    </View>
  )
})
