import { DEMO_USER, type SeedContext } from './context'

/** The demo account: holds and has signed ZH015676 and LW000001 (log in with its phone and the dev SMS code). */
export async function seedDemoAccount({ insert }: SeedContext) {
  await insert('users', [{ user_id: DEMO_USER.userId, phone: DEMO_USER.phone, nickname: DEMO_USER.nickname }])
  await insert('user_holdings', [
    { user_id: DEMO_USER.userId, po_code: 'ZH015676', ca_id: 'CA0001', units: '12000.5000', signed: true },
    { user_id: DEMO_USER.userId, po_code: 'LW000001', ca_id: 'CA0002', units: '35.0000', signed: true },
  ])
}
