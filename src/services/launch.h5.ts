import { beginSessionRestore, finishSessionRestore } from './session'

// The saved login is on its way from the moment the app loads: user-dependent loads wait for it.
beginSessionRestore()

/**
 * Start-up services on H5, in their own chunk: the first screen paints without waiting for the
 * request, bridge and token code (ARCHITECTURE.md section 7: 150 KB of gzipped JS before paint).
 */
export function launchServices(): void {
  beginSessionRestore()
  import(/* webpackChunkName: "startup" */ '@/services/startup')
    .then((m) => m.startServices())
    // The app still works without them (anonymous, untracked); the failure is not silent.
    .catch((err: unknown) => {
      finishSessionRestore()
      console.warn('start-up services failed to load', err)
    })
}
