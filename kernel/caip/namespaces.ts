/** SPEC §1 supported chain namespaces. */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const

/** One supported chain namespace. */
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

/** True when x is one of the SPEC §1 namespaces. */
export function isChainNamespace(x: unknown): x is ChainNamespace {
  return typeof x === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(x)
}
