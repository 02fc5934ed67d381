/**
 * The part of the Reflect metadata API that tsyringe and the emitted decorator metadata call: `getMetadata` (walks
 * the prototype chain), `getOwnMetadata`, `defineMetadata` and `metadata` (the decorator factory behind
 * `design:paramtypes`). tsyringe records each `@inject(token)` with `defineMetadata` and reads it back once, when
 * `@injectable()` runs, so this is all it needs; the full `reflect-metadata` package weighs about 2.4 KB gzip more
 * on a host's initial load (measured in docs/DECISIONS.md). `hasOwnMetadata`, `getOwnMetadataKeys` and
 * `deleteMetadata` are there for a host that loads `reflect-metadata` after portico: version 0.2 then reads the
 * metadata already defined here through those three (its "fallback provider" for an older copy), and would throw
 * without them. Not provided: `hasMetadata`, `getMetadataKeys` and `decorate` (the emitted `__decorate` helper
 * applies the decorators itself when `Reflect.decorate` is missing).
 *
 * This is what ships and what every test run uses (the test setups load this module, never `reflect-metadata`).
 * Installed on the global `Reflect` only where nothing provides `Reflect.getMetadata` yet, so a host that already
 * loads `reflect-metadata` keeps it. tsyringe throws at evaluation when `Reflect.getMetadata` is missing, and the
 * package declares this module its one side effect: every module that imports tsyringe imports this one first and
 * references its export, which keeps it in the bundle and ahead of tsyringe.
 */
export interface ReflectMetadataApi {
  getMetadata(key: unknown, target: object, property?: PropertyKey): unknown
  getOwnMetadata(key: unknown, target: object, property?: PropertyKey): unknown
  hasOwnMetadata(key: unknown, target: object, property?: PropertyKey): boolean
  getOwnMetadataKeys(target: object, property?: PropertyKey): unknown[]
  deleteMetadata(key: unknown, target: object, property?: PropertyKey): boolean
  defineMetadata(key: unknown, value: unknown, target: object, property?: PropertyKey): void
  metadata(key: unknown, value: unknown): (target: object, property?: PropertyKey) => void
}

/** A metadata store of its own (one WeakMap, so nothing keeps a class alive). */
export function createReflectMetadata(): ReflectMetadataApi {
  const store = new WeakMap<object, Map<PropertyKey | undefined, Map<unknown, unknown>>>()
  const own = (target: object, property: PropertyKey | undefined, create?: boolean) => {
    let byProperty = store.get(target)
    if (!byProperty && create) store.set(target, (byProperty = new Map()))
    let entries = byProperty?.get(property)
    if (!entries && create) byProperty!.set(property, (entries = new Map()))
    return entries
  }
  const api: ReflectMetadataApi = {
    getOwnMetadata: (key, target, property) => own(target, property)?.get(key),
    getMetadata(key, target, property) {
      for (let t: object | null = target; t; t = Object.getPrototypeOf(t)) {
        const entries = own(t, property)
        if (entries?.has(key)) return entries.get(key)
      }
    },
    hasOwnMetadata: (key, target, property) => !!own(target, property)?.has(key),
    getOwnMetadataKeys: (target, property) => [...(own(target, property)?.keys() ?? [])],
    deleteMetadata: (key, target, property) => !!own(target, property)?.delete(key),
    defineMetadata(key, value, target, property) {
      own(target, property, true)!.set(key, value)
    },
    metadata: (key, value) => (target, property) => api.defineMetadata(key, value, target, property),
  }
  return api
}

const globalReflect = Reflect as unknown as Partial<ReflectMetadataApi>

/**
 * True when this module installed its shim, false when something else already provided `Reflect.getMetadata`.
 * Referenced by the modules that import tsyringe, so that bundlers keep this module and evaluate it first.
 */
export const reflectPolyfill: boolean = typeof globalReflect.getMetadata !== 'function' && !!Object.assign(Reflect, createReflectMetadata())
