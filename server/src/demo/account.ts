import { DEV_WECHAT_OPENID } from '../account/hosts'
import { DEMO_USER, type SeedContext } from './context'

/**
 * The demo account: holds and has signed ZH015676 and LW000001, so that the signed state of the
 * strategy screens can be seen and tested. Log in with its phone and the dev SMS code, or (with
 * QA_TEST_LOGINS) with WeChat's QA test code, which stands for its openid (the browser tests' devLogin).
 */
export async function seedDemoAccount({ insert }: SeedContext) {
  await insert('users', [
    { user_id: DEMO_USER.userId, phone: DEMO_USER.phone, wechat_openid: DEV_WECHAT_OPENID, nickname: DEMO_USER.nickname },
  ])
  await insert('user_holdings', [
    { user_id: DEMO_USER.userId, po_code: 'ZH015676', ca_id: 'CA0001', units: '12000.5000', signed: true },
    { user_id: DEMO_USER.userId, po_code: 'LW000001', ca_id: 'CA0002', units: '35.0000', signed: true },
  ])
}
