import { makeAutoObservable } from '@/utils/observable'
import { appEvents } from './events'

/** The app's anonymous (guest) mode: entered from the app's initial data, ended by an exit event. */
export const ANONYMOUS_EXIT_EVENT = 'exitAnonymous'

export class AnonymousMode {
  active = false

  constructor() {
    makeAutoObservable(this)
  }

  enter() {
    this.active = true
  }

  /** The exit event ends anonymous mode (spec section 4). */
  exit() {
    if (!this.active) return
    this.active = false
    appEvents.emit('anonymousExit', undefined)
  }
}

export const anonymousMode = new AnonymousMode()
