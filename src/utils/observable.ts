/**
 * The app's observable state: stores whose fields tell their readers when they change.
 *
 * It does what the app used of MobX (makeAutoObservable, observable sets and maps, reaction,
 * runInAction, observer) in about 1.5 KB instead of MobX's 19 KB of gzipped JS on every first
 * screen (issue #24's 120 KB budget). Reads are tracked per store, not per field: a component
 * re-renders when any store it read during its last render changed. Methods are bound and batched
 * (readers hear once, after the outermost method returns), as MobX's autoBind actions were.
 */

/** One store's change counter; what readers subscribe to. */
interface Atom {
  version: number
}

type Listener = () => void

/** Every observer and reaction: told of each batch of changes, each checks its own atoms. */
const listeners = new Set<Listener>()
/** The atoms read by the render or expression being tracked (null: nothing is tracking). */
let reading: Set<Atom> | null = null
let depth = 0
let dirty = false
let flushing = false

function read(atom: Atom): void {
  if (reading) reading.add(atom)
}

function changed(atom: Atom): void {
  atom.version += 1
  dirty = true
  if (depth === 0) flush()
}

function flush(): void {
  if (flushing) return
  flushing = true
  try {
    // A listener may change state again (a reaction's effect): repeat until quiet.
    for (let rounds = 0; dirty && rounds < 100; rounds++) {
      dirty = false
      for (const listener of Array.from(listeners)) {
        try {
          listener()
        } catch (error) {
          // One failing reader must not keep the others stale; the error still surfaces.
          setTimeout(() => {
            throw error
          })
        }
      }
    }
  } finally {
    flushing = false
  }
}

/** Runs `fn` as one change: readers hear once, when the outermost batch ends. */
export function runInAction<T>(fn: () => T): T {
  depth += 1
  try {
    return fn()
  } finally {
    depth -= 1
    if (depth === 0 && dirty) flush()
  }
}

/** Runs `fn` and returns its result with the atoms it read. */
export function tracked<T>(fn: () => T): { value: T; atoms: Set<Atom> } {
  const outer = reading
  const atoms = new Set<Atom>()
  reading = atoms
  try {
    return { value: fn(), atoms }
  } finally {
    reading = outer
  }
}

/** Sum of the atoms' versions: changes whenever one of them changes (versions only grow). */
export function versionOf(atoms: Set<Atom>): number {
  let sum = 0
  atoms.forEach((a) => (sum += a.version))
  return sum
}

/** Calls `listener` after every batch of changes to any store; returns the unsubscribe. */
export function onAnyChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const OBSERVABLE = '__alfaObservable'

/** Whether `target` was made observable. */
export function isObservable(target: object): boolean {
  return OBSERVABLE in target
}

/**
 * Makes `target`'s own fields observable (except `exclude`: dependencies, timers) and binds and
 * batches its class's methods; call it last in the constructor. A field holding a Set or a Map
 * is made observable too (its changes notify), as is any Set or Map assigned later.
 */
export function makeAutoObservable<T extends object, K extends string = never>(target: T, exclude: readonly (keyof T | K)[] = []): T {
  const atom: Atom = { version: 0 }
  Object.defineProperty(target, OBSERVABLE, { value: atom })
  const record = target as Record<string, unknown>
  for (const key of Object.keys(target)) {
    if ((exclude as readonly string[]).includes(key)) continue
    let value = observeCollection(record[key])
    if (typeof value === 'function') continue
    Object.defineProperty(target, key, {
      enumerable: true,
      configurable: true,
      get() {
        read(atom)
        return value
      },
      set(next: unknown) {
        if (next === value) return
        value = observeCollection(next)
        changed(atom)
      },
    })
  }
  for (let proto = Object.getPrototypeOf(target); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name)
      if (name === 'constructor' || !descriptor || typeof descriptor.value !== 'function' || name in Object.prototype) continue
      if (Object.prototype.hasOwnProperty.call(target, name)) continue
      const method = descriptor.value as (...args: unknown[]) => unknown
      Object.defineProperty(target, name, {
        configurable: true,
        writable: true,
        value: (...args: unknown[]) => runInAction(() => method.apply(target, args)),
      })
    }
  }
  return target
}

/** The same Set or Map with its reads tracked and its writes notifying (one atom per collection). */
function observeCollection<V>(value: V): V {
  if (!(value instanceof Set || value instanceof Map) || OBSERVABLE in value) return value
  const atom: Atom = { version: 0 }
  const collection = value as unknown as Set<unknown> & Map<unknown, unknown>
  const proto = (value instanceof Set ? Set.prototype : Map.prototype) as unknown as Record<string, (...a: unknown[]) => unknown>
  Object.defineProperty(collection, OBSERVABLE, { value: atom })
  const reads = ['has', 'get', 'forEach', 'keys', 'values', 'entries']
  for (const name of reads) {
    if (typeof proto[name] !== 'function') continue
    Object.defineProperty(collection, name, {
      configurable: true,
      value: (...args: unknown[]) => {
        read(atom)
        return proto[name].apply(collection, args)
      },
    })
  }
  Object.defineProperty(collection, Symbol.iterator, {
    configurable: true,
    value: () => {
      read(atom)
      return (proto[value instanceof Set ? 'values' : 'entries'] as () => Iterator<unknown>).call(collection)
    },
  })
  const size = Object.getOwnPropertyDescriptor(value instanceof Set ? Set.prototype : Map.prototype, 'size')!.get!
  Object.defineProperty(collection, 'size', {
    configurable: true,
    get() {
      read(atom)
      return size.call(collection)
    },
  })
  const write = (name: string, changes: (...args: unknown[]) => boolean) =>
    Object.defineProperty(collection, name, {
      configurable: true,
      value: (...args: unknown[]) => {
        const change = changes(...args)
        const result = proto[name].apply(collection, args)
        if (change) changed(atom)
        return result === collection ? collection : result
      },
    })
  const has = proto.has
  if (value instanceof Set) write('add', (v) => !has.call(collection, v))
  else write('set', (k, v) => !has.call(collection, k) || proto.get.call(collection, k) !== v)
  write('delete', (k) => has.call(collection, k) as boolean)
  write('clear', () => size.call(collection) > 0)
  return value
}

/**
 * Runs `expression` now and after every change to what it read; calls `effect` with its value
 * when that differs from the last one (and at once with `fireImmediately`). Returns the stop.
 */
export function reaction<T>(expression: () => T, effect: (value: T) => void, options: { fireImmediately?: boolean } = {}): () => void {
  let { value, atoms } = tracked(expression)
  let version = versionOf(atoms)
  const stop = onAnyChange(() => {
    if (versionOf(atoms) === version) return
    const next = tracked(expression)
    atoms = next.atoms
    version = versionOf(atoms)
    if (Object.is(next.value, value)) return
    value = next.value
    runInAction(() => effect(value))
  })
  if (options.fireImmediately) runInAction(() => effect(value))
  return stop
}
