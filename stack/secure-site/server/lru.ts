/**
 * A Map that holds at most `max` entries: setting one more drops the least recently used (issue 26 item 6: state that
 * unauthenticated callers create, such as pending social logins and the allowlist cache, must not grow without bound).
 */
export class LruMap<K, V> extends Map<K, V> {
  constructor(readonly max: number) {
    super()
    if (!Number.isInteger(max) || max < 1) throw new Error(`an LRU map needs a positive size, got ${max}`)
  }

  override get(key: K): V | undefined {
    if (!super.has(key)) return undefined
    const value = super.get(key) as V
    super.delete(key)
    super.set(key, value)
    return value
  }

  override set(key: K, value: V): this {
    super.delete(key)
    super.set(key, value)
    while (this.size > this.max) super.delete(this.keys().next().value as K)
    return this
  }
}
