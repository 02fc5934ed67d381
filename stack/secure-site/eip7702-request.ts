/**
 * The EIP-7702 authorization request the embedded wallet serves (issue 29 part 2), parsed once for the frame's panel
 * and the server's signer like every signing request (requests.ts):
 *
 *   portico_setDelegation [{ chainId: '0x7a69', address: '0x…delegate' }]   upgrade the EOA on that chain
 *   portico_setDelegation [{ chainId: '0x7a69', address: '0x0000…0000' }]   revoke (EIP-7702: delegation to address 0)
 *
 * `chainId` is required and must be the chain the session is on: an authorization for chain id 0 would be valid on
 * every chain, so it is refused here, before any panel; another chain is refused by the panel and the server (they
 * know the session's chain). Shared by the frame bundle and the server: viem only, no node: imports.
 */
import { isAddress, isHex, zeroAddress, type Address } from 'viem'

export const SET_DELEGATION_METHOD = 'portico_setDelegation'

export interface DelegationRequest {
  method: typeof SET_DELEGATION_METHOD
  /** The authorization's chain id (never 0). */
  chainId: number
  /** The delegate contract; `null` revokes (the authorization names address 0). */
  delegate: Address | null
}

/** Thrown for a request refused before anything is shown; `code` is the JSON-RPC / EIP-1193 code. */
export class DelegationRequestError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
  }
}

const INVALID_PARAMS = -32602
/** EIP-1193 "unrecognized chain" (SPEC §8 4902): the authorization is not for the session's chain. */
export const WRONG_CHAIN = 4902

export const CHAIN_ZERO_MESSAGE =
  'Invalid params: an authorization for chain id 0 would be valid on every chain; the embedded wallet signs authorizations only for the current network'

export function wrongChainMessage(asked: number, current: number): string {
  return `The authorization is for chain ${asked}, but the session is on chain ${current}; the embedded wallet signs authorizations only for the current network`
}

export function parseDelegationRequest(params: unknown): DelegationRequest {
  const invalid = (what: string) => new DelegationRequestError(`Invalid params: ${what}`, INVALID_PARAMS)
  if (!Array.isArray(params) || params.length !== 1) throw invalid(`${SET_DELEGATION_METHOD} expects [{ chainId, address }]`)
  const req = params[0] as Record<string, unknown>
  if (typeof req !== 'object' || req === null || Array.isArray(req)) throw invalid('the request must be an object')
  const unknown = Object.keys(req).filter((k) => k !== 'chainId' && k !== 'address')
  if (unknown.length) throw invalid(`unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')} in the authorization request`)
  const raw = req.chainId
  if (typeof raw !== 'string' || !isHex(raw) || raw.length < 3 || raw.length > 18) throw invalid('chainId must be a hex chain id')
  const chainId = BigInt(raw)
  if (chainId === 0n) throw new DelegationRequestError(CHAIN_ZERO_MESSAGE, INVALID_PARAMS)
  if (chainId > BigInt(Number.MAX_SAFE_INTEGER)) throw invalid('chainId is too large')
  if (typeof req.address !== 'string' || !isAddress(req.address, { strict: false })) throw invalid('address must be the delegate contract, or 0x0000000000000000000000000000000000000000 to revoke')
  const delegate = req.address.toLowerCase() === zeroAddress ? null : (req.address as Address)
  return { method: SET_DELEGATION_METHOD, chainId: Number(chainId), delegate }
}

/** The session-chain check the panel and the server both make. */
export function checkDelegationChain(req: DelegationRequest, sessionChainId: number | string | undefined): void {
  const current = typeof sessionChainId === 'string' ? Number(sessionChainId.replace(/^eip155:/, '')) : sessionChainId
  if (current === undefined || !Number.isSafeInteger(current)) throw new DelegationRequestError('An authorization needs an eip155 network', WRONG_CHAIN)
  if (req.chainId !== current) throw new DelegationRequestError(wrongChainMessage(req.chainId, current), WRONG_CHAIN)
}
