import type { CaipNetwork } from 'portico/plugin'
import { checkPolkadotCaip } from './caip.ts'
import type { PolkadotChainInput } from './plugin.ts'

/** The chain input as a CAIP network (its WebSocket URL stands in the rpcUrls list). */
export function toPolkadotNetwork(input: PolkadotChainInput): CaipNetwork {
  checkPolkadotCaip(input.caipNetworkId)
  const id = input.caipNetworkId.slice('polkadot:'.length)
  return {
    id,
    caipNetworkId: input.caipNetworkId as `polkadot:${string}`,
    chainNamespace: 'polkadot',
    name: input.name ?? 'Polkadot',
    nativeCurrency: { name: input.symbol ?? 'DOT', symbol: input.symbol ?? 'DOT', decimals: input.decimals ?? 10 },
    rpcUrls: { default: { http: [input.wsUrl] } },
    ...(input.explorerUrl && { blockExplorers: { default: { name: 'Explorer', url: input.explorerUrl } } }),
    ...(input.testnet !== undefined && { testnet: input.testnet }),
  }
}

/** Parses a decimal amount in display units to planck; undefined when it is not a positive amount. */
export function parseAmount(amount: string, decimals: number): bigint | undefined {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim())
  if (!m) return undefined
  const fraction = m[2] ?? ''
  if (fraction.length > decimals) return undefined
  const planck = BigInt(m[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
  return planck > 0n ? planck : undefined
}
