/**
 * The check of a chain's CAIP-2 id, in a module of its own: polkadot()'s factory runs it before any modal exists
 * (index.ts, in the host's first chunk), networks.ts builds the network after it.
 */
export function checkPolkadotCaip(caipNetworkId: string): void {
  if (!/^polkadot:[0-9a-f]{32}$/.test(caipNetworkId)) {
    throw new Error(`polkadot(): caipNetworkId must be 'polkadot:' + 32 lowercase hex characters, got "${caipNetworkId}"`)
  }
}
