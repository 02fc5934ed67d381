import type { CaipNetworkId } from '../caip/index.ts'
import { StorageKeys } from './keys.ts'
import { isPlainObject, type PorticoStorage, type Validator } from './portico-storage.ts'

/** SPEC §9 cache lifetimes in ms. */
export const CacheTtl = {
  BALANCE: 30_000,
  PORTFOLIO: 30_000,
  ENS: 300_000,
  IDENTITY: 300_000,
} as const

interface Entry {
  value: unknown
  timestamp: number
}

function isEntry(value: unknown): value is Entry {
  return isPlainObject(value) && 'value' in value && typeof value.timestamp === 'number' && Number.isFinite(value.timestamp)
}

/**
 * A timestamped cache kept under one storage key. An entry lives while `now - timestamp < ttl`: at exactly ttl it
 * is expired. Entries from the future (clock moved back), malformed ones and values failing validate read as absent.
 */
export class TtlCache<T> {
  constructor(
    private readonly storage: PorticoStorage,
    /** The storage key holding every entry. */
    readonly storageKey: string,
    /** Lifetime of an entry in ms. */
    readonly ttlMs: number,
    private readonly validate: Validator<T>,
  ) {}

  /** The live value at key, or undefined. */
  get(key: string, now: number = Date.now()): T | undefined {
    const entry = this.entries().get(key)
    if (!entry || !this.isLive(entry, now) || !this.validate(entry.value)) return undefined
    return entry.value
  }

  /** Stores value at key with timestamp now; expired and malformed entries are dropped on the way. */
  set(key: string, value: T, now: number = Date.now()): void {
    const entries = this.entries()
    for (const [k, entry] of entries) {
      if (!this.isLive(entry, now)) entries.delete(k)
    }
    entries.set(key, { value, timestamp: now })
    this.write(entries)
  }

  /** Removes key. */
  delete(key: string): void {
    const entries = this.entries()
    if (entries.delete(key)) this.write(entries)
  }

  /** Removes every entry. */
  clear(): void {
    this.storage.remove(this.storageKey)
  }

  private isLive(entry: Entry, now: number): boolean {
    const age = now - entry.timestamp
    return age >= 0 && age < this.ttlMs
  }

  private entries(): Map<string, Entry> {
    const stored = this.storage.getJSON(this.storageKey, isPlainObject) ?? {}
    const out = new Map<string, Entry>()
    for (const [key, entry] of Object.entries(stored)) {
      if (isEntry(entry)) out.set(key, entry)
    }
    return out
  }

  private write(entries: Map<string, Entry>): void {
    // fromEntries defines own properties, so a key like '__proto__' stays data.
    this.storage.setJSON(this.storageKey, Object.fromEntries(entries))
  }
}

/** SPEC §3 identity (avatar and name) of an address. */
export interface Identity {
  name: string | null
  avatar: string | null
}

function isNullableString(value: unknown): boolean {
  return value === null || value === undefined || typeof value === 'string'
}

/** True for an {@link Identity}-shaped value. */
export function isIdentity(value: unknown): value is Identity {
  return isPlainObject(value) && isNullableString(value.name) && isNullableString(value.avatar)
}

function isDefined(value: unknown): value is unknown {
  return value !== undefined
}

/** Balance cache addressed by network and account; the storage key is `${caipNetworkId}:${address}`. */
export interface BalanceCache<T> {
  get(caipNetworkId: CaipNetworkId, address: string, now?: number): T | undefined
  set(caipNetworkId: CaipNetworkId, address: string, value: T, now?: number): void
  delete(caipNetworkId: CaipNetworkId, address: string): void
  clear(): void
}

/** The key of a balance cache entry. */
export function balanceCacheKey(caipNetworkId: CaipNetworkId, address: string): string {
  return `${caipNetworkId}:${address}`
}

/** SPEC §7/§9 balance cache (30 s) per network and address. @example balanceCache(storage, isTokenBalanceList).get('eip155:1', addr) */
export function balanceCache(storage: PorticoStorage): BalanceCache<unknown>
export function balanceCache<T>(storage: PorticoStorage, validate: Validator<T>): BalanceCache<T>
export function balanceCache(storage: PorticoStorage, validate: Validator<unknown> = isDefined): BalanceCache<unknown> {
  const cache = new TtlCache(storage, StorageKeys.BALANCE_CACHE, CacheTtl.BALANCE, validate)
  return {
    get: (network, address, now) => cache.get(balanceCacheKey(network, address), now),
    set: (network, address, value, now) => cache.set(balanceCacheKey(network, address), value, now),
    delete: (network, address) => cache.delete(balanceCacheKey(network, address)),
    clear: () => cache.clear(),
  }
}

/** SPEC §9 identity cache (5 min), keyed by address. */
export function identityCache(storage: PorticoStorage): TtlCache<Identity> {
  return new TtlCache(storage, StorageKeys.IDENTITY_CACHE, CacheTtl.IDENTITY, isIdentity)
}
