import { beginSessionRestore } from './session'
import { startServices } from './startup'

beginSessionRestore()

/** Start-up services, at once (mini-programs: one bundle, nothing to defer). */
export function launchServices(): void {
  void startServices()
}
