import { makeAutoObservable, runInAction } from '@/utils/observable'
import { loginWithSms, sendSmsCode, type SmsSendAnswer } from '@/services/account'
import { RequestError } from '@/services/request'
import { codeError, digitsOnly, phoneError } from './validation'

/** Seconds before another code may be asked for, unless the server says otherwise. */
export const RESEND_SECONDS = 60
export const SEND_TEXT = '获取验证码'
export const RESEND_TEXT = '重新获取'
export const SEND_FAILED_TEXT = '验证码发送失败，请稍后再试'
export const LOGIN_FAILED_TEXT = '登录失败，请稍后再试'
export const NETWORK_TEXT = '请检查网络连接'

/** The server's own (Chinese) message when it sent one, else the fallback. */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof RequestError) {
    if (err.kind === 'network') return NETWORK_TEXT
    if (/[\u4e00-\u9fff]/.test(err.message)) return err.message
  }
  return fallback
}

export interface SmsLoginDeps {
  sendSmsCode: (phone: string) => Promise<SmsSendAnswer>
  loginWithSms: (phone: string, code: string) => Promise<unknown>
  now: () => number
}

const defaultDeps: SmsLoginDeps = { sendSmsCode, loginWithSms, now: () => Date.now() }

export type SmsFormStatus = 'idle' | 'sending' | 'submitting' | 'done'

/**
 * The H5 login form: phone number and SMS code. Sending validates the phone and starts the resend
 * countdown (the server's resendAfterSeconds, 60 by default); logging in validates both. One request
 * at a time; a failure shows the server's message (or a Chinese fallback) under the form.
 */
export class SmsLoginForm {
  phone = ''
  code = ''
  error: string | null = null
  status: SmsFormStatus = 'idle'
  /** Seconds left before another code may be asked for (0: may ask now). */
  countdown = 0
  /** A code was sent to this form's phone at least once. */
  sent = false
  private deadline = 0
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly deps: SmsLoginDeps = defaultDeps) {
    makeAutoObservable<SmsLoginForm, 'deps' | 'timer' | 'deadline'>(this, ['deps', 'timer', 'deadline'])
  }

  setPhone(value: string) {
    this.phone = digitsOnly(value, 11)
    this.error = null
  }

  setCode(value: string) {
    this.code = digitsOnly(value, 6)
    this.error = null
  }

  get canSend(): boolean {
    return this.status === 'idle' && this.countdown === 0
  }

  get canSubmit(): boolean {
    return this.status === 'idle'
  }

  /** 获取验证码, 59s后重新获取 while counting down, 重新获取 after. */
  get sendText(): string {
    if (this.status === 'sending') return '发送中…'
    if (this.countdown > 0) return `${this.countdown}s后重新获取`
    return this.sent ? RESEND_TEXT : SEND_TEXT
  }

  /** Asks the server to send a code; true when it was sent. */
  async send(): Promise<boolean> {
    if (!this.canSend) return false
    const invalid = phoneError(this.phone)
    if (invalid) {
      this.error = invalid
      return false
    }
    this.status = 'sending'
    this.error = null
    try {
      const answer = await this.deps.sendSmsCode(this.phone)
      runInAction(() => {
        this.sent = true
        this.startCountdown(answer?.resendAfterSeconds || RESEND_SECONDS)
      })
      return true
    } catch (err) {
      runInAction(() => (this.error = failureText(err, SEND_FAILED_TEXT)))
      return false
    } finally {
      runInAction(() => (this.status = 'idle'))
    }
  }

  /** Logs in with the phone and code; true when the user is now logged in. */
  async submit(): Promise<boolean> {
    if (!this.canSubmit) return false
    const invalid = phoneError(this.phone) ?? codeError(this.code)
    if (invalid) {
      this.error = invalid
      return false
    }
    this.status = 'submitting'
    this.error = null
    try {
      await this.deps.loginWithSms(this.phone, this.code)
      runInAction(() => (this.status = 'done'))
      this.stopCountdown()
      return true
    } catch (err) {
      runInAction(() => {
        this.error = failureText(err, LOGIN_FAILED_TEXT)
        this.status = 'idle'
      })
      return false
    }
  }

  /** Counts down from the deadline (not by ticks: a throttled background tab stays right). */
  startCountdown(seconds: number) {
    this.stopCountdown()
    this.deadline = this.deps.now() + seconds * 1000
    this.tick()
  }

  tick() {
    const left = Math.max(0, Math.ceil((this.deadline - this.deps.now()) / 1000))
    this.countdown = left
    this.timer = left > 0 ? setTimeout(this.tick, 1000) : null
  }

  stopCountdown() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.countdown = 0
  }

  /** Stops the timer (the screen unmounts). */
  dispose() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
