import type { StorageAdapter } from './adapter.ts'

/** A StorageAdapter whose keys live under a prefix of another adapter (one per plugin). */
export interface ScopedStorageAdapter extends StorageAdapter {
  readonly prefix: string
}

/** Scopes an adapter to a prefix: keys are prefixed on the way in, stripped on the way out. @example scope(adapter, '@portico/plugin/siwx/') */
export function scope(adapter: StorageAdapter, prefix: string): ScopedStorageAdapter {
  if (prefix === '') throw new RangeError('A storage scope needs a non-empty prefix')
  return {
    prefix,
    getItem: (key) => adapter.getItem(prefix + key),
    setItem: (key, value) => adapter.setItem(prefix + key, value),
    removeItem: (key) => adapter.removeItem(prefix + key),
    keys: () => adapter.keys().filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)),
  }
}

/** The prefix a plugin's storage gets. */
export function pluginStoragePrefix(pluginId: string): string {
  return `@portico/plugin/${pluginId}/`
}
