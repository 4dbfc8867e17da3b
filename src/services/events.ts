/** App-wide events that cross layers (a request tells a page its fund has stopped). */
export interface AppEvents {
  /** The fund-info call answered the terminated-fund message (spec section 8). */
  fundStopped: { fundCode: string; msg: string }
  /** Anonymous mode ended (spec section 4). */
  anonymousExit: undefined
}

type Listener<T> = (payload: T) => void

export class EventBus<E extends object> {
  private listeners: { [K in keyof E]?: Set<Listener<E[K]>> } = {}

  /** Subscribes; returns the unsubscribe function. */
  on<K extends keyof E>(name: K, listener: Listener<E[K]>): () => void {
    const set = (this.listeners[name] ??= new Set())
    set.add(listener)
    return () => set.delete(listener)
  }

  emit<K extends keyof E>(name: K, payload: E[K]): void {
    for (const listener of [...(this.listeners[name] ?? [])]) listener(payload)
  }
}

export const appEvents = new EventBus<AppEvents>()
