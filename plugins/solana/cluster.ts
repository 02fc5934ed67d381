/**
 * The check of a host cluster's CAIP-2 id, in a module of its own: solana()'s factory runs it before any modal exists
 * (index.ts, in the host's first chunk), networks.ts builds the network from it.
 */
export function clusterReference(caipNetworkId: string): string {
  const match = /^solana:([1-9A-HJ-NP-Za-km-z]{1,32})$/.exec(caipNetworkId)
  if (!match) throw new Error(`Invalid Solana CAIP-2 network id: ${caipNetworkId}`)
  return match[1]!
}
