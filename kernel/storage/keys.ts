/** Prefix of every key Portico writes. */
export const STORAGE_PREFIX = '@portico/'

/** SPEC §3 local-storage keys. */
export const StorageKeys = {
  WALLET_ID: `${STORAGE_PREFIX}wallet_id`,
  WALLET_NAME: `${STORAGE_PREFIX}wallet_name`,
  /** The active CAIP-2 network id. */
  ACTIVE_NETWORK: `${STORAGE_PREFIX}active_caip_network_id`,
  CONNECTED_NAMESPACES: `${STORAGE_PREFIX}connected_namespaces`,
  RECENT_WALLETS: `${STORAGE_PREFIX}recent_wallets`,
  SIWX_TOKEN: `${STORAGE_PREFIX}siwx_token`,
  BALANCE_CACHE: `${STORAGE_PREFIX}balance_cache`,
  ENS_CACHE: `${STORAGE_PREFIX}ens_cache`,
  IDENTITY_CACHE: `${STORAGE_PREFIX}identity_cache`,
  PREFERRED_ACCOUNT_TYPES: `${STORAGE_PREFIX}preferred_account_types`,
  DISCONNECTED_CONNECTOR_IDS: `${STORAGE_PREFIX}disconnected_connector_ids`,
  /** Connector ids per namespace, the active one first. */
  CONNECTIONS: `${STORAGE_PREFIX}connections`,
} as const

/** One SPEC §3 storage key. */
export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys]
