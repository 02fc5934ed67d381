import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, isString, PorticoStorage, StorageKeys } from './index.ts'

function setup() {
  const adapter = createMemoryAdapter()
  return { adapter, storage: new PorticoStorage(adapter) }
}

const CORRUPT = ['{not json', '"unterminated', '42', 'null', '{"a":1}', '[1,2]', 'true']

describe('StorageKeys', () => {
  it('SPEC §3 every local-storage key is prefixed @portico/ and distinct', () => {
    const values = Object.values(StorageKeys)
    expect(values.every((k) => k.startsWith('@portico/'))).toBe(true)
    expect(new Set(values).size).toBe(values.length)
    expect(Object.keys(StorageKeys).sort()).toEqual(
      [
        'WALLET_ID',
        'WALLET_NAME',
        'ACTIVE_NETWORK',
        'CONNECTED_NAMESPACES',
        'RECENT_WALLETS',
        'SIWX_TOKEN',
        'BALANCE_CACHE',
        'ENS_CACHE',
        'IDENTITY_CACHE',
        'PREFERRED_ACCOUNT_TYPES',
        'DISCONNECTED_CONNECTOR_IDS',
        'CONNECTIONS',
      ].sort(),
    )
  })
})

describe('PorticoStorage.getJSON', () => {
  it('returns a value that parses and validates', () => {
    const { adapter, storage } = setup()
    adapter.setItem('k', '"v"')
    expect(storage.getJSON('k', isString)).toBe('v')
  })

  it('SPEC §3 corrupt JSON is ignored and removed, never thrown', () => {
    const { adapter, storage } = setup()
    adapter.setItem('k', '{oops')
    expect(storage.getJSON('k', isString)).toBeUndefined()
    expect(adapter.getItem('k')).toBeNull()
  })

  it('SPEC §3 a value failing validation is ignored and removed', () => {
    const { adapter, storage } = setup()
    adapter.setItem('k', '123')
    expect(storage.getJSON('k', isString)).toBeUndefined()
    expect(adapter.getItem('k')).toBeNull()
  })
})

describe('PorticoStorage typed keys', () => {
  it('SPEC §3 wallet id and name', () => {
    const { storage } = setup()
    storage.setWallet({ id: 'io.metamask', name: 'MetaMask' })
    expect(storage.walletId()).toBe('io.metamask')
    expect(storage.walletName()).toBe('MetaMask')
    storage.setWallet(undefined)
    expect(storage.walletId()).toBeUndefined()
    expect(storage.walletName()).toBeUndefined()
  })

  it('SPEC §3 active network stores a CAIP-2 id and refuses a malformed one', () => {
    const { storage } = setup()
    storage.setActiveNetwork('eip155:42161')
    expect(storage.activeNetwork()).toBe('eip155:42161')
    expect(() => storage.setActiveNetwork('eip155')).toThrow('Invalid CAIP-2 network id')
    expect(storage.activeNetwork()).toBe('eip155:42161')
  })

  it('SPEC §3 connected namespaces: add, remove, no duplicates', () => {
    const { storage } = setup()
    storage.addConnectedNamespace('eip155')
    storage.addConnectedNamespace('solana')
    storage.addConnectedNamespace('eip155')
    expect(storage.connectedNamespaces()).toEqual(['eip155', 'solana'])
    storage.removeConnectedNamespace('eip155')
    expect(storage.connectedNamespaces()).toEqual(['solana'])
  })

  it('SPEC §3 connector ids per namespace, the active one first', () => {
    const { storage } = setup()
    storage.setConnectorIds('eip155', ['injected', 'walletConnect', 'injected'])
    storage.setConnectorIds('solana', ['walletConnect'])
    expect(storage.connectorIds()).toEqual({ eip155: ['injected', 'walletConnect'], solana: ['walletConnect'] })
    storage.setConnectorIds('eip155', [])
    expect(storage.connectorIds()).toEqual({ solana: ['walletConnect'] })
  })

  it('SPEC §3 a lone connector id (one connection per namespace, as stored before) reads as a list of one', () => {
    const { adapter, storage } = setup()
    adapter.setItem(StorageKeys.CONNECTIONS, '{"eip155":"injected","solana":["phantom","walletConnect"]}')
    expect(storage.connectorIds()).toEqual({ eip155: ['injected'], solana: ['phantom', 'walletConnect'] })
  })

  it('SPEC §3 disconnected connector ids: add, remove, list', () => {
    const { storage } = setup()
    storage.addDisconnectedConnectorId('injected')
    storage.addDisconnectedConnectorId('walletConnect')
    storage.addDisconnectedConnectorId('injected')
    expect(storage.disconnectedConnectorIds()).toEqual(['injected', 'walletConnect'])
    storage.removeDisconnectedConnectorId('injected')
    expect(storage.disconnectedConnectorIds()).toEqual(['walletConnect'])
  })

  it('SPEC §3 preferred account types per namespace', () => {
    const { storage } = setup()
    storage.setPreferredAccountType('eip155', 'smartAccount')
    storage.setPreferredAccountType('solana', 'eoa')
    expect(storage.preferredAccountTypes()).toEqual({ eip155: 'smartAccount', solana: 'eoa' })
  })
})

describe('PorticoStorage foreign and corrupt values', () => {
  const readers = {
    WALLET_ID: (s: PorticoStorage) => s.walletId(),
    WALLET_NAME: (s: PorticoStorage) => s.walletName(),
    ACTIVE_NETWORK: (s: PorticoStorage) => s.activeNetwork(),
  } as const

  for (const [key, read] of Object.entries(readers)) {
    it.each(CORRUPT)(`SPEC §3 ${key}: foreign value %j is ignored`, (raw) => {
      const { adapter, storage } = setup()
      adapter.setItem(StorageKeys[key as keyof typeof readers], raw)
      expect(read(storage)).toBeUndefined()
    })
  }

  it('SPEC §3 ACTIVE_NETWORK: an unknown namespace or a bare string is ignored', () => {
    const { adapter, storage } = setup()
    adapter.setItem(StorageKeys.ACTIVE_NETWORK, '"NEAR:mainnet"')
    expect(storage.activeNetwork()).toBeUndefined()
    adapter.setItem(StorageKeys.ACTIVE_NETWORK, 'eip155:1')
    expect(storage.activeNetwork()).toBeUndefined()
  })

  it.each(CORRUPT)('SPEC §3 list keys: foreign value %j reads as empty', (raw) => {
    const { adapter, storage } = setup()
    adapter.setItem(StorageKeys.CONNECTED_NAMESPACES, raw)
    adapter.setItem(StorageKeys.DISCONNECTED_CONNECTOR_IDS, raw)
    expect(storage.connectedNamespaces()).toEqual([])
    expect(storage.disconnectedConnectorIds()).toEqual([])
  })

  it.each(CORRUPT)('SPEC §3 record keys: foreign value %j reads as empty', (raw) => {
    const { adapter, storage } = setup()
    adapter.setItem(StorageKeys.CONNECTIONS, raw)
    adapter.setItem(StorageKeys.PREFERRED_ACCOUNT_TYPES, raw)
    expect(storage.connectorIds()).toEqual({})
    expect(storage.preferredAccountTypes()).toEqual({})
  })

  it('SPEC §3 foreign entries inside lists and records are dropped, valid ones kept', () => {
    const { adapter, storage } = setup()
    adapter.setItem(StorageKeys.CONNECTED_NAMESPACES, '["eip155", "N", 7, null, "solana"]')
    adapter.setItem(StorageKeys.DISCONNECTED_CONNECTOR_IDS, '["injected", 3, "", {"id":"x"}]')
    adapter.setItem(StorageKeys.CONNECTIONS, '{"eip155":"injected","N":"x","solana":5,"cosmos":["keplr",7,"",null,"walletConnect"],"bip122":[1]}')
    adapter.setItem(StorageKeys.PREFERRED_ACCOUNT_TYPES, '{"eip155":"smartAccount","solana":"admin","__proto__":"eoa"}')
    expect(storage.connectedNamespaces()).toEqual(['eip155', 'solana'])
    expect(storage.disconnectedConnectorIds()).toEqual(['injected'])
    expect(storage.connectorIds()).toEqual({ eip155: ['injected'], cosmos: ['keplr', 'walletConnect'] })
    expect(storage.preferredAccountTypes()).toEqual({ eip155: 'smartAccount' })
  })

  it('a writer recovers a corrupt key', () => {
    const { adapter, storage } = setup()
    adapter.setItem(StorageKeys.CONNECTIONS, '{broken')
    storage.setConnectorIds('eip155', ['injected'])
    expect(storage.connectorIds()).toEqual({ eip155: ['injected'] })
  })
})
