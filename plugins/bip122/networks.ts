import type { CaipNetwork } from 'portico/plugin'
import type { BitcoinNetworkName } from './address.ts'

const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

/** SPEC §1 built-in Bitcoin mainnet: CAIP-2 `bip122:` + the first 32 hex characters of the genesis block hash. */
export const bitcoin: CaipNetwork = {
  id: '000000000019d6689c085ae165831e93',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: ['https://mempool.space/api'] } },
  blockExplorers: { default: { name: 'mempool.space', url: 'https://mempool.space' } },
}

/** SPEC §1 built-in Bitcoin testnet (testnet3). */
export const bitcoinTestnet: CaipNetwork = {
  id: '000000000933ea01ad0ee984209779ba',
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
  chainNamespace: 'bip122',
  name: 'Bitcoin Testnet',
  nativeCurrency: { name: 'Testnet Bitcoin', symbol: 'tBTC', decimals: 8 },
  rpcUrls: { default: { http: ['https://mempool.space/testnet/api'] } },
  blockExplorers: { default: { name: 'mempool.space', url: 'https://mempool.space/testnet' } },
  testnet: true,
}

export const REGTEST_REFERENCE = '0f9188f13cb7b2c71f2a335e3a4fc328'

/** A regtest network served by an Esplora REST API at `url` (e.g. the stack's `startBitcoinRegtest`). */
export function bitcoinRegtest(url: string, name = 'Bitcoin Regtest'): CaipNetwork {
  return {
    id: REGTEST_REFERENCE,
    caipNetworkId: `bip122:${REGTEST_REFERENCE}`,
    chainNamespace: 'bip122',
    name,
    nativeCurrency: { name: 'Regtest Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrls: { default: { http: [url.replace(/\/$/, '')] } },
    testnet: true,
  }
}

/** Which address family a network uses (by its genesis reference; unknown references are treated as testnet). */
export function networkName(network: Pick<CaipNetwork, 'id'>): BitcoinNetworkName {
  if (network.id === bitcoin.id) return 'bitcoin'
  if (network.id === REGTEST_REFERENCE) return 'regtest'
  return 'testnet'
}

/** The Wallet Standard chain id of a network (`bitcoin:mainnet`, `bitcoin:testnet`, `bitcoin:regtest`). */
export function walletStandardChain(network: Pick<CaipNetwork, 'id'>): `bitcoin:${string}` {
  const name = networkName(network)
  return name === 'bitcoin' ? 'bitcoin:mainnet' : `bitcoin:${name}`
}

/** The Esplora base URL of a network. */
export function esploraUrl(network: CaipNetwork): string {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`No RPC url provided for chainId: ${network.caipNetworkId}`)
  return url.replace(/\/$/, '')
}
