import type { CaipNetwork } from 'portico/plugin'
import { checkChainId } from './chain-id.ts'

/** A Cosmos SDK chain as a host describes it. */
export interface CosmosChainInput {
  /** The chain id (CAIP-2 reference), e.g. 'cosmoshub-4'. */
  chainId: string
  name: string
  /** CometBFT RPC endpoint (what StargateClient.connect takes). */
  rpcUrl: string
  /** The base denom balances and fees are counted in, e.g. 'uatom'. */
  denom: string
  /** The display symbol, e.g. 'ATOM'. */
  symbol: string
  /** Decimals between the base denom and the display unit. @default 6 */
  decimals?: number
  /** Bech32 prefix of account addresses. @default 'cosmos' */
  bech32Prefix?: string
  /** Gas price for sends, e.g. '0.025uatom'. @default `0.025${denom}` */
  gasPrice?: string
  /** Explorer base URL; an address page is `${url}/account/${address}`. */
  explorerUrl?: string
  /** BIP-44 coin type, for wallets asked to add the chain. @default 118 */
  coinType?: number
  testnet?: boolean
}

/** The chain facts the plugin needs beyond CaipNetwork. */
export interface CosmosChainFacts {
  chainId: string
  rpcUrl: string
  denom: string
  decimals: number
  symbol: string
  bech32Prefix: string
  gasPrice: string
  coinType: number
  name: string
}

/**
 * Cosmos Hub mainnet. SPEC §1 names cosmos as a namespace but no built-in cosmos network, so the plugin serves it
 * only when the host passes no networks of its own (a chain plugin must serve one).
 */
export const COSMOS_HUB: CosmosChainInput = {
  chainId: 'cosmoshub-4',
  name: 'Cosmos Hub',
  rpcUrl: 'https://cosmos-rpc.publicnode.com',
  denom: 'uatom',
  symbol: 'ATOM',
  decimals: 6,
  bech32Prefix: 'cosmos',
  gasPrice: '0.025uatom',
  explorerUrl: 'https://www.mintscan.io/cosmos',
}

export function toFacts(input: CosmosChainInput): CosmosChainFacts {
  checkChainId(input.chainId)
  const decimals = input.decimals ?? 6
  return {
    chainId: input.chainId,
    rpcUrl: input.rpcUrl,
    denom: input.denom,
    decimals,
    symbol: input.symbol,
    bech32Prefix: input.bech32Prefix ?? 'cosmos',
    gasPrice: input.gasPrice ?? `0.025${input.denom}`,
    coinType: input.coinType ?? 118,
    name: input.name,
  }
}

export function toCaipNetwork(input: CosmosChainInput): CaipNetwork {
  const facts = toFacts(input)
  return {
    id: facts.chainId,
    caipNetworkId: `cosmos:${facts.chainId}`,
    chainNamespace: 'cosmos',
    name: input.name,
    nativeCurrency: { name: input.symbol, symbol: input.symbol, decimals: facts.decimals },
    rpcUrls: { default: { http: [input.rpcUrl] } },
    ...(input.explorerUrl ? { blockExplorers: { default: { name: 'Explorer', url: input.explorerUrl } } } : {}),
    ...(input.testnet ? { testnet: true } : {}),
  }
}
