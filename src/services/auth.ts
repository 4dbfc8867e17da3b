import { currentHost } from '@/platform/host'
import { anonymousMode, ANONYMOUS_EXIT_EVENT } from './anonymous'
import { currentBridge, type NativeBridge } from './bridge'
import { tokenPersistence, type TokenPersistence } from './token'
import { tracker } from './tracking'
import { user, type UserStore } from './user'

/** The app's event carrying a token on login and none on logout. */
export const USER_LOGIN_EVENT = 'userLogin'

/**
 * Follows the native app's events: a user-login event with a token saves it, one without a
 * token clears it; the exit event ends anonymous mode.
 */
export function followNativeEvents(bridge: NativeBridge, store: UserStore = user): void {
  bridge.on?.(USER_LOGIN_EVENT, (data) => {
    const token = (data as { access_token?: unknown } | null | undefined)?.access_token
    if (typeof token === 'string' && token) store.login(token)
    else store.logout()
  })
  bridge.on?.(ANONYMOUS_EXIT_EVENT, () => anonymousMode.exit())
  if (bridge.initialData?.anonymous) anonymousMode.enter()
}

/**
 * Start-up (spec section 4): loads the token; one the native app provides logs the user in
 * silently (saved, no toast), a stored one is adopted. Never rejects: a missing bridge means
 * anonymous. Returns the token, if any.
 */
export async function startAuth(
  persistence: Pick<TokenPersistence, 'load'> = tokenPersistence,
  store: UserStore = user,
): Promise<string | null> {
  const inApp = currentHost().appVersion !== null
  let token: string | null = null
  try {
    token = await persistence.load()
  } catch (err) {
    console.warn('token load failed:', err instanceof Error ? err.message : err)
  }
  if (token) {
    if (inApp) store.login(token)
    else store.restore(token)
    tracker.setLoginId(store.userId)
  }
  const bridge = inApp ? currentBridge() : null
  if (bridge) followNativeEvents(bridge, store)
  return token
}
