import { createPublicClient, http, type Address, type PublicClient } from 'viem'
import type { Deployment } from '../chain/index.ts'

export type DevChainInfo = { chainId: number; name: string; rpcUrl: string }

/** The deployed contracts of one chain, addresses lower-cased (the deployment file mixes cases). */
export type ChainContracts = { usdc6: Address; dai18: Address; zero0: Address; spam: Address; nft: Address; multicall3: Address }

/** Everything the blockchain API knows about one dev chain. */
export type ChainRuntime = {
  chainId: number
  caip2: string
  name: string
  rpcUrl: string
  client: PublicClient
  contracts: ChainContracts | undefined
}

/** Fixed demo prices in USD: the stack has no market, and tests want stable numbers. */
export const NATIVE_PRICE_USD = 3000
export const NATIVE_SYMBOL = 'ETH'
export const NATIVE_NAME = 'Ether'
/** How clients name the native token in a CAIP-10 address (the swap convention). */
export const NATIVE_TOKEN_PLACEHOLDER = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

export function buildChainRuntimes(chains: DevChainInfo[] | undefined, deployment: Deployment | undefined): ChainRuntime[] {
  const infos: DevChainInfo[] =
    chains ??
    Object.entries(deployment?.chains ?? {}).map(([id, c]) => ({ chainId: Number(id), name: `Chain ${id}`, rpcUrl: c.rpcUrl }))
  return infos.map((info) => {
    const deployed = deployment?.chains[info.chainId]
    const contracts = deployed
      ? (Object.fromEntries(Object.entries(deployed.contracts).map(([k, v]) => [k, String(v).toLowerCase()])) as ChainContracts)
      : undefined
    return {
      chainId: info.chainId,
      caip2: `eip155:${info.chainId}`,
      name: info.name,
      rpcUrl: info.rpcUrl,
      // No retries: a dev chain that does not answer should fail the request fast, and the indexer polls anyway.
      client: createPublicClient({ transport: http(info.rpcUrl, { retryCount: 0, timeout: 10_000 }) }),
      contracts,
    }
  })
}

/** USD price of a token of the deployment; undefined means "no price" (spam, ZERO, unknown tokens). */
export function tokenPriceUsd(chain: ChainRuntime, tokenAddress: string): number | undefined {
  const a = tokenAddress.toLowerCase()
  if (!chain.contracts) return undefined
  if (a === chain.contracts.usdc6 || a === chain.contracts.dai18) return 1
  return undefined
}

export function isSpamToken(chain: ChainRuntime, tokenAddress: string): boolean {
  return chain.contracts?.spam === tokenAddress.toLowerCase()
}

/** `eip155:<id>` for a supported chain, else undefined. Throws nothing: callers map undefined to "empty". */
export function chainByCaip2(chains: ChainRuntime[], caip2: string): ChainRuntime | undefined {
  return chains.find((c) => c.caip2 === caip2)
}

/**
 * Absolute URL of an image path of this server. It carries the caller's projectId, because image paths require one
 * like every registry path, and a page loads these URLs straight into <img>.
 */
export type ImageLink = (path: string) => string

/** Token icons are generated per id: the symbol when it is a plain word, else the token address. */
export function tokenIconUrl(imageLink: ImageLink, symbol: string, address?: string): string {
  const id = /^[A-Za-z0-9._-]{1,20}$/.test(symbol) ? symbol : (address ?? 'unknown')
  return imageLink(`/public/getTokenImage/${id}`)
}
