import type { StorageAdapter } from './adapter.ts'
import { STORAGE_PREFIX } from './keys.ts'

/**
 * Per-instance storage namespaces (issue 16 item 12): two modals on one page share nothing stored unless the host
 * wants them to. The first live modal on a store keeps the plain `@portico/` keys (so a connection stored by an
 * earlier version survives the upgrade); another modal on the same store without an `id` gets the next free
 * number ("2", "3", ...: stable across reloads when the page creates its modals in the same order); a host-given
 * `id` always names its own namespace. A namespace's keys are `@portico:<ns>/...` (docs/DECISIONS.md).
 */

/** A host-given modal id: letters, digits, `_` and `-`, 1 to 64 characters. */
export const MODAL_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/**
 * The namespaces in use per backing store (localStorage, a cookie jar, a memory adapter). This is the one piece of
 * page-level state the kernel keeps, and it holds no modal data: only which namespaces live modals have claimed, so
 * that a second modal does not silently take the first one's keys. Weakly keyed: a store that goes away takes its
 * claims with it.
 */
const claims = new WeakMap<object, Map<string, number>>()

/** The object two adapters over the same data share (the adapter itself when it does not say). */
function backingOf(adapter: StorageAdapter): object {
  return adapter.store ?? adapter
}

export interface StorageNamespaceClaim {
  /** undefined for the plain `@portico/` keys; else the instance's namespace. */
  readonly namespace: string | undefined
  /** The adapter the instance reads and writes through (the given one for the plain namespace). */
  readonly adapter: StorageAdapter
  /** Gives the namespace back (the modal was destroyed). */
  release(): void
}

const PLAIN = ''

/** Claims a namespace on `adapter`'s store for one modal: `id` when given, else plain or the next free number. */
export function claimStorageNamespace(adapter: StorageAdapter, id?: string): StorageNamespaceClaim {
  if (id !== undefined && !MODAL_ID_PATTERN.test(id)) {
    throw new RangeError(`A modal id must be 1 to 64 letters, digits, "_" or "-" (got ${JSON.stringify(id)})`)
  }
  const backing = backingOf(adapter)
  let inUse = claims.get(backing)
  if (!inUse) claims.set(backing, (inUse = new Map()))
  let name = id
  if (name === undefined) {
    name = PLAIN
    for (let n = 2; inUse.has(name); n++) name = String(n)
  }
  inUse.set(name, (inUse.get(name) ?? 0) + 1)
  let released = false
  const namespace = name === PLAIN ? undefined : name
  return {
    namespace,
    adapter: namespace === undefined ? adapter : namespacedAdapter(adapter, namespace),
    release() {
      if (released) return
      released = true
      const count = (inUse.get(name) ?? 1) - 1
      if (count > 0) inUse.set(name, count)
      else inUse.delete(name)
    },
  }
}

/**
 * The adapter seen through a namespace: `@portico/x` is stored as `@portico:<ns>/x`, any other key `k` as
 * `@portico:<ns>:k`; `keys()` lists only the namespace's keys, under their plain names.
 */
export function namespacedAdapter(adapter: StorageAdapter, namespace: string): StorageAdapter {
  const own = `@portico:${namespace}/`
  const other = `@portico:${namespace}:`
  const wrap = (key: string) => (key.startsWith(STORAGE_PREFIX) ? own + key.slice(STORAGE_PREFIX.length) : other + key)
  const unwrap = (key: string) =>
    key.startsWith(own) ? STORAGE_PREFIX + key.slice(own.length) : key.startsWith(other) ? key.slice(other.length) : undefined
  return {
    store: backingOf(adapter),
    getItem: (key) => adapter.getItem(wrap(key)),
    setItem: (key, value) => adapter.setItem(wrap(key), value),
    removeItem: (key) => adapter.removeItem(wrap(key)),
    keys: () => adapter.keys().flatMap((key) => unwrap(key) ?? []),
  }
}
