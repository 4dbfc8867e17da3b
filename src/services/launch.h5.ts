import { isNativeApp } from '@/platform/host'
import { theme } from '@/platform/theme'
import { currentLocation, hasSavedEntry } from '@/platform/web'
import { beginSessionRestore, finishSessionRestore } from './session'

/**
 * Where a saved login may be (services/token.ts, which is in the start-up chunk): the storage
 * keys and cookies of both brands, the mini-program web-view's cookie, and the url parameter.
 */
export const SAVED_LOGIN_NAMES: readonly string[] = ['access_token', 'access_token_0009', 'accessToken']

/**
 * Whether a login may be restored: always in the native app (the bridge hands it over), else
 * only when something is saved, so anonymous visitors' first loads never wait for the chunk.
 */
export function mayRestoreLogin(): boolean {
  if (isNativeApp()) return true
  if (/[?&]access_token=/.test(currentLocation()?.search ?? '')) return true
  return hasSavedEntry(SAVED_LOGIN_NAMES)
}

// The saved login is on its way from the moment the app loads: user-dependent loads wait for it.
if (mayRestoreLogin()) beginSessionRestore()

/**
 * Start-up services on H5, in their own chunk: the first screen paints without waiting for the
 * request, bridge and token code (ARCHITECTURE.md section 7: 150 KB of gzipped JS before paint).
 */
export function launchServices(): void {
  // The colour scheme is followed from launch, before the first screen reads it.
  theme.start()
  if (mayRestoreLogin()) beginSessionRestore()
  import(/* webpackChunkName: "startup" */ '@/services/startup')
    .then((m) => m.startServices())
    // The app still works without them (anonymous, untracked); the failure is not silent.
    .catch((err: unknown) => {
      finishSessionRestore()
      console.warn('start-up services failed to load', err)
    })
}
