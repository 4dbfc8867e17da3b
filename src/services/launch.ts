import { theme } from '@/platform/theme'
import { beginSessionRestore } from './session'
import { startServices } from './startup'

beginSessionRestore()

/** The colour scheme, then the start-up services, at once (mini-programs: one bundle, nothing to defer). */
export function launchServices(): void {
  theme.start()
  void startServices()
}
