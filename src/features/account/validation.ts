/** Mainland mobile numbers: 11 digits starting with 1 (the server's rule). */
export const PHONE_PATTERN = /^1\d{10}$/
/** SMS login codes are 6 digits. */
export const CODE_PATTERN = /^\d{6}$/

export const PHONE_EMPTY_TEXT = '请输入手机号'
export const PHONE_INVALID_TEXT = '手机号格式不正确'
export const CODE_EMPTY_TEXT = '请输入验证码'
export const CODE_INVALID_TEXT = '验证码为6位数字'

/** The message for a phone number that cannot be sent, or null when it can. */
export function phoneError(phone: string): string | null {
  if (!phone) return PHONE_EMPTY_TEXT
  return PHONE_PATTERN.test(phone) ? null : PHONE_INVALID_TEXT
}

export function codeError(code: string): string | null {
  if (!code) return CODE_EMPTY_TEXT
  return CODE_PATTERN.test(code) ? null : CODE_INVALID_TEXT
}

/** What an input keeps: digits only, at most `max` (pasted "138 0000 0000" becomes 13800000000). */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max)
