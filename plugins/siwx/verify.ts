import { verifyMessage as verifyEcdsaMessage, type Hex } from 'viem'
import { dateTimeMs } from './abnf.ts'
import {
  formatSiweMessage,
  formatSolanaSignInMessage,
  parseSiweMessage,
  parseSolanaSignInMessage,
  type SiweMessageFields,
  type SolanaSignInFields,
} from './message.ts'

/**
 * What verification needs of a chain client: viem's `verifyMessage` public action (a PublicClient has it). It checks
 * EOA signatures, EIP-1271 contract wallets (`isValidSignature` on chain) and EIP-6492 counterfactual wallets (the
 * universal validator in an `eth_call`).
 */
export interface SiweVerifyClient {
  verifyMessage(args: { address: `0x${string}`; message: string; signature: Hex }): Promise<boolean>
}

/** The checks every sign-in message gets, whatever its chain. */
export interface SignInChecks {
  /** The time to check validity at. @default now */
  time?: Date | string | number
  /** The domain the message must be bound to (the relying party's). */
  domain?: string
  /** The nonce the relying party issued. */
  nonce?: string
  /** The URI scheme the message must carry, when the relying party wants it bound. */
  scheme?: string
}

export interface VerifySiweArgs extends SignInChecks {
  /** The message text, or its fields (formatted first). */
  message: string | SiweMessageFields
  signature: Hex | string
  /** A viem client for contract wallets (EIP-1271, EIP-6492); without it only EOA signatures verify. */
  client?: SiweVerifyClient
}

/** Why `fields` fail the relying party's checks, or undefined. */
export function signInCheckProblem(fields: Pick<SiweMessageFields, 'domain' | 'nonce' | 'scheme' | 'expirationTime' | 'notBefore'>, checks: SignInChecks): string | undefined {
  const time = checks.time === undefined ? Date.now() : new Date(checks.time).getTime()
  if (Number.isNaN(time)) return 'invalid time'
  if (checks.domain !== undefined && fields.domain !== checks.domain) return 'domain mismatch'
  if (checks.nonce !== undefined && fields.nonce !== checks.nonce) return 'nonce mismatch'
  if (checks.scheme !== undefined && fields.scheme !== checks.scheme) return 'scheme mismatch'
  if (fields.expirationTime && time >= dateTimeMs(fields.expirationTime)) return 'expired'
  if (fields.notBefore && time < dateTimeMs(fields.notBefore)) return 'not yet valid'
  return undefined
}

/**
 * Verifies an EIP-4361 message and its signature. Resolves false for a bad signature, an expired or not yet valid
 * message, or another domain or nonce than the ones given; rejects (a SiweMessageError) when the message breaks the
 * grammar.
 */
export async function verifySiweMessage(args: VerifySiweArgs): Promise<boolean> {
  const text = typeof args.message === 'string' ? args.message : formatSiweMessage(args.message)
  const fields = parseSiweMessage(text)
  if (signInCheckProblem(fields, args)) return false
  if (typeof args.signature !== 'string' || !/^0x[0-9a-fA-F]*$/.test(args.signature)) return false
  const address = fields.address as `0x${string}`
  const signature = args.signature as Hex
  try {
    if (args.client) return await args.client.verifyMessage({ address, message: text, signature })
    return await verifyEcdsaMessage({ address, message: text, signature })
  } catch {
    // A malformed signature (wrong length, invalid point) is a bad signature.
    return false
  }
}

export interface VerifySolanaSignInArgs extends SignInChecks {
  message: string | SolanaSignInFields
  /** The ed25519 signature: bytes, 0x-hex or base58. */
  signature: Uint8Array | string
}

/** Verifies a CAIP-122 Solana sign-in message with ed25519 against the address (the public key). */
export async function verifySolanaSignInMessage(args: VerifySolanaSignInArgs): Promise<boolean> {
  const text = typeof args.message === 'string' ? args.message : formatSolanaSignInMessage(args.message)
  const fields = parseSolanaSignInMessage(text)
  if (signInCheckProblem(fields, args)) return false
  const [{ ed25519 }, { base58 }] = await Promise.all([import('@noble/curves/ed25519'), import('@scure/base')])
  try {
    const publicKey = base58.decode(fields.address)
    const signature =
      typeof args.signature !== 'string'
        ? args.signature
        : /^0x([0-9a-fA-F]{2})*$/.test(args.signature)
          ? Uint8Array.from(args.signature.slice(2).match(/../g) ?? [], (h) => parseInt(h, 16))
          : base58.decode(args.signature)
    if (publicKey.length !== 32 || signature.length !== 64) return false
    return ed25519.verify(signature, new TextEncoder().encode(text), publicKey)
  } catch {
    return false
  }
}
