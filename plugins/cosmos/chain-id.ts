/**
 * CAIP-2 for cosmos: the chain id, which must be 1 to 32 of `[-_a-zA-Z0-9]`. In a module of its own: cosmos()'s factory
 * checks the host's networks before any modal exists (index.ts, in the host's first chunk).
 */
export function checkChainId(chainId: string): void {
  if (!/^[-_a-zA-Z0-9]{1,32}$/.test(chainId)) throw new Error(`Invalid cosmos chain id for CAIP-2: ${chainId}`)
}
