import { type CaipNetworkId, type ChainNamespace, isChainNamespace, parseCaipNetworkId } from '../caip/index.ts'
import type { StorageAdapter } from './adapter.ts'
import { StorageKeys } from './keys.ts'
import { type RecentWalletEntry, RecentWallets } from './recent-wallets.ts'

/** The account kind a user prefers per namespace (SPEC §3). */
export type PreferredAccountType = 'eoa' | 'smartAccount'

/** A type guard used to accept a stored value. */
export type Validator<T> = (value: unknown) => value is T

/** True for a non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** True for a string. */
export function isString(value: unknown): value is string {
  return typeof value === 'string'
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

function isPreferredAccountType(value: unknown): value is PreferredAccountType {
  return value === 'eoa' || value === 'smartAccount'
}

function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  if (typeof value !== 'string') return false
  try {
    parseCaipNetworkId(value)
    return true
  } catch {
    return false
  }
}

/**
 * Typed access to the SPEC §3 keys over any adapter. Reads never throw: corrupt JSON or a value of the wrong shape
 * (an older version, another app, a hand edit) reads as absent and is removed.
 */
export class PorticoStorage {
  private readonly recent: RecentWallets

  constructor(readonly adapter: StorageAdapter) {
    this.recent = new RecentWallets(this)
  }

  /** The value at key if it parses and passes validate; otherwise undefined (and the bad value is removed). */
  getJSON<T>(key: string, validate: Validator<T>): T | undefined {
    const raw = this.adapter.getItem(key)
    if (raw === null) return undefined
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      this.adapter.removeItem(key)
      return undefined
    }
    if (validate(parsed)) return parsed
    this.adapter.removeItem(key)
    return undefined
  }

  /** Stores value as JSON. */
  setJSON(key: string, value: unknown): void {
    this.adapter.setItem(key, JSON.stringify(value))
  }

  /** Removes key. */
  remove(key: string): void {
    this.adapter.removeItem(key)
  }

  /** Id of the last connected wallet. */
  walletId(): string | undefined {
    return this.getJSON(StorageKeys.WALLET_ID, isNonEmptyString)
  }

  /** Name of the last connected wallet. */
  walletName(): string | undefined {
    return this.getJSON(StorageKeys.WALLET_NAME, isString)
  }

  /** Stores (or, with undefined, clears) the connected wallet's id and name. */
  setWallet(wallet: { id: string; name: string } | undefined): void {
    if (!wallet) {
      this.remove(StorageKeys.WALLET_ID)
      this.remove(StorageKeys.WALLET_NAME)
      return
    }
    this.setJSON(StorageKeys.WALLET_ID, wallet.id)
    this.setJSON(StorageKeys.WALLET_NAME, wallet.name)
  }

  /** The active CAIP-2 network id. */
  activeNetwork(): CaipNetworkId | undefined {
    return this.getJSON(StorageKeys.ACTIVE_NETWORK, isCaipNetworkId)
  }

  /** Stores the active network; throws "Invalid CAIP-2 network id" for a malformed id. */
  setActiveNetwork(caipNetworkId: string): void {
    parseCaipNetworkId(caipNetworkId)
    this.setJSON(StorageKeys.ACTIVE_NETWORK, caipNetworkId)
  }

  /** Namespaces with a connection, without duplicates or unknown entries. */
  connectedNamespaces(): ChainNamespace[] {
    const list = this.getJSON(StorageKeys.CONNECTED_NAMESPACES, Array.isArray) ?? []
    return [...new Set(list.filter(isChainNamespace))]
  }

  /** Replaces the connected namespaces. */
  setConnectedNamespaces(namespaces: readonly ChainNamespace[]): void {
    this.setJSON(StorageKeys.CONNECTED_NAMESPACES, [...new Set(namespaces)])
  }

  /** Adds a connected namespace. */
  addConnectedNamespace(namespace: ChainNamespace): void {
    this.setConnectedNamespaces([...this.connectedNamespaces(), namespace])
  }

  /** Removes a connected namespace. */
  removeConnectedNamespace(namespace: ChainNamespace): void {
    this.setConnectedNamespaces(this.connectedNamespaces().filter((ns) => ns !== namespace))
  }

  /**
   * Connector ids per namespace, the active one first (SPEC §3 connections, several per namespace). A lone id (the
   * one-connection form) reads as a list of one; foreign namespaces and entries that are not ids are dropped, the
   * rest kept.
   */
  connectorIds(): Partial<Record<ChainNamespace, string[]>> {
    const out: Partial<Record<ChainNamespace, string[]>> = {}
    for (const [ns, value] of Object.entries(this.getJSON(StorageKeys.CONNECTIONS, isPlainObject) ?? {})) {
      const ids = [...new Set([value].flat().filter(isNonEmptyString))]
      if (isChainNamespace(ns) && ids.length) out[ns] = ids
    }
    return out
  }

  /** Stores the connector ids of a namespace, the active one first (an empty list clears it). */
  setConnectorIds(namespace: ChainNamespace, ids: readonly string[]): void {
    const all = this.connectorIds()
    if (ids.length) all[namespace] = [...new Set(ids)]
    else delete all[namespace]
    this.setJSON(StorageKeys.CONNECTIONS, all)
  }

  /** Connector ids the user disconnected on purpose (not auto-reconnected). */
  disconnectedConnectorIds(): string[] {
    const list = this.getJSON(StorageKeys.DISCONNECTED_CONNECTOR_IDS, Array.isArray) ?? []
    return [...new Set(list.filter(isNonEmptyString))]
  }

  /** Replaces the disconnected connector ids. */
  setDisconnectedConnectorIds(ids: readonly string[]): void {
    this.setJSON(StorageKeys.DISCONNECTED_CONNECTOR_IDS, [...new Set(ids)])
  }

  /** Marks a connector as disconnected by the user. */
  addDisconnectedConnectorId(id: string): void {
    this.setDisconnectedConnectorIds([...this.disconnectedConnectorIds(), id])
  }

  /** Unmarks a disconnected connector. */
  removeDisconnectedConnectorId(id: string): void {
    this.setDisconnectedConnectorIds(this.disconnectedConnectorIds().filter((x) => x !== id))
  }

  /** Preferred account type per namespace (foreign entries dropped). */
  preferredAccountTypes(): Partial<Record<ChainNamespace, PreferredAccountType>> {
    return this.namespaceRecord(StorageKeys.PREFERRED_ACCOUNT_TYPES, isPreferredAccountType)
  }

  /** Stores the preferred account type of a namespace. */
  setPreferredAccountType(namespace: ChainNamespace, type: PreferredAccountType): void {
    this.setJSON(StorageKeys.PREFERRED_ACCOUNT_TYPES, { ...this.preferredAccountTypes(), [namespace]: type })
  }

  /** Recent wallets, newest first (SPEC §9: at most 2). */
  recentWallets(): RecentWalletEntry[] {
    return this.recent.list()
  }

  /** Puts a wallet first in the recent list. */
  addRecentWallet(wallet: Omit<RecentWalletEntry, 'timestamp'>, now: number = Date.now()): void {
    this.recent.add(wallet, now)
  }

  private namespaceRecord<V>(key: string, isValue: (v: unknown) => v is V): Partial<Record<ChainNamespace, V>> {
    const stored = this.getJSON(key, isPlainObject) ?? {}
    const out: Partial<Record<ChainNamespace, V>> = {}
    for (const [ns, value] of Object.entries(stored)) {
      if (isChainNamespace(ns) && isValue(value)) out[ns] = value
    }
    return out
  }
}
