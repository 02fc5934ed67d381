/** Synchronous key-value storage the kernel persists through (localStorage, memory, cookies). */
export interface StorageAdapter {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  /** Every key currently stored. */
  keys(): string[]
  /**
   * The object two adapters over the same data share (e.g. the `localStorage` they wrap), so two modals on one store
   * get separate namespaces (kernel/storage/namespace.ts). @default the adapter itself
   */
  readonly store?: object
}

/** The part of the Web Storage API the local-storage adapter uses. */
export type WebStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

/** Storage in a Map: for tests, SSR and browsers that refuse localStorage. */
export function createMemoryAdapter(): StorageAdapter {
  const items = new Map<string, string>()
  return {
    store: items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    keys: () => [...items.keys()],
  }
}

const PROBE_KEY = '@portico/__probe__'

function resolveWebStorage(storage: WebStorageLike | undefined): WebStorageLike | undefined {
  try {
    // Reading globalThis.localStorage itself throws in sandboxed frames and with cookies disabled.
    const target = storage ?? (globalThis as { localStorage?: WebStorageLike }).localStorage
    if (!target) return undefined
    target.setItem(PROBE_KEY, '1')
    target.removeItem(PROBE_KEY)
    return target
  } catch {
    return undefined
  }
}

/** Adapter over localStorage (or the given Web Storage); falls back to memory when it is missing or throws. */
export function createLocalStorageAdapter(storage?: WebStorageLike): StorageAdapter {
  const web = resolveWebStorage(storage)
  if (!web) return createMemoryAdapter()
  // Quota and privacy-mode errors must not break the modal: a failed write is dropped, a failed read is empty.
  return {
    store: web,
    getItem(key) {
      try {
        return web.getItem(key)
      } catch {
        return null
      }
    },
    setItem(key, value) {
      try {
        web.setItem(key, value)
      } catch {
        /* dropped */
      }
    },
    removeItem(key) {
      try {
        web.removeItem(key)
      } catch {
        /* dropped */
      }
    },
    keys() {
      try {
        const out: string[] = []
        for (let i = 0; i < web.length; i++) {
          const key = web.key(i)
          if (key !== null) out.push(key)
        }
        return out
      } catch {
        return []
      }
    },
  }
}
