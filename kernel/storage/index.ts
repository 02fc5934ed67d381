export { type StorageAdapter, type WebStorageLike, createMemoryAdapter, createLocalStorageAdapter } from './adapter.ts'
export { type CookieIO, type CookieOptions, createCookieAdapter, documentCookieIO, rememberAccount, readRememberedAccount, REMEMBERED_ACCOUNT_KEY, type RememberedAccount } from './cookie.ts'
export { type ScopedStorageAdapter, scope, pluginStoragePrefix } from './scope.ts'
export { claimStorageNamespace, namespacedAdapter, MODAL_ID_PATTERN, type StorageNamespaceClaim } from './namespace.ts'
export { STORAGE_PREFIX, StorageKeys, type StorageKey } from './keys.ts'
export { PorticoStorage, type PreferredAccountType, type Validator, isPlainObject, isString } from './portico-storage.ts'
export { RecentWallets, type RecentWalletEntry, MAX_RECENT_WALLETS } from './recent-wallets.ts'
export {
  TtlCache,
  CacheTtl,
  type Identity,
  isIdentity,
  type BalanceCache,
  balanceCacheKey,
  balanceCache,
  identityCache,
} from './ttl-cache.ts'
