import { StorageKeys } from './keys.ts'
import type { PorticoStorage } from './portico-storage.ts'

/** A recent wallet as stored (SPEC §3: entries carry a timestamp). */
export interface RecentWalletEntry {
  id: string
  name: string
  imageUrl?: string
  timestamp: number
}

/** SPEC §9: at most 2 recent wallets. */
export const MAX_RECENT_WALLETS = 2

function isEntry(value: unknown): value is RecentWalletEntry {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.id === 'string' &&
    v.id !== '' &&
    typeof v.name === 'string' &&
    (v.imageUrl === undefined || typeof v.imageUrl === 'string') &&
    typeof v.timestamp === 'number' &&
    Number.isFinite(v.timestamp)
  )
}

function normalize(entries: readonly RecentWalletEntry[]): RecentWalletEntry[] {
  const seen = new Set<string>()
  const out: RecentWalletEntry[] = []
  for (const entry of entries) {
    if (seen.has(entry.id)) continue
    seen.add(entry.id)
    out.push(entry)
  }
  return out.slice(0, MAX_RECENT_WALLETS)
}

/** The recent-wallet list: newest first, de-duplicated by id, at most {@link MAX_RECENT_WALLETS}. */
export class RecentWallets {
  constructor(private readonly storage: PorticoStorage) {}

  /** Stored entries, newest first; malformed entries are skipped. */
  list(): RecentWalletEntry[] {
    const stored = this.storage.getJSON(StorageKeys.RECENT_WALLETS, Array.isArray) ?? []
    return normalize(stored.filter(isEntry))
  }

  /** Puts the wallet first (moving it if already listed) and drops what exceeds the cap. */
  add(wallet: Omit<RecentWalletEntry, 'timestamp'>, now: number = Date.now()): RecentWalletEntry[] {
    const entry: RecentWalletEntry = { id: wallet.id, name: wallet.name, timestamp: now }
    if (wallet.imageUrl !== undefined) entry.imageUrl = wallet.imageUrl
    const next = normalize([entry, ...this.list()])
    this.storage.setJSON(StorageKeys.RECENT_WALLETS, next)
    return next
  }

  /** Forgets every recent wallet. */
  clear(): void {
    this.storage.remove(StorageKeys.RECENT_WALLETS)
  }
}
