import type { Cacao } from './cacao.ts'
import type { SiwxSession } from './controller.ts'

/** The sign-in a pairing connector sends with its one-click offer (WalletConnect's `wc_sessionAuthenticate`). */
export interface OneClickRequest {
  /** The page's host, which the message must name. */
  domain: string
  /** The message's URI (the page's URL). */
  uri: string
  /** A fresh nonce from the SIWX backend. */
  nonce: string
  statement?: string
  /** ISO 8601: when the signed message stops being valid. */
  expirationTime?: string
}

/**
 * What the siwx plugin offers a pairing connector (`SiwxTokens.OneClick`): connect and sign in with one approval in
 * the wallet. The connector asks `supportsOneClick` with the namespaces it requests, sends `oneClickRequest` with its
 * offer and hands the wallet's cacaos to `completeOneClick` before it reports the connection. A wallet that does not
 * support it approves a plain session: nothing is completed, and the SIWX dialog follows as usual.
 */
export interface OneClickSignIn {
  /** True when one-click sign-in applies to a connection of these namespaces. */
  supportsOneClick(namespaces: readonly string[]): boolean
  /** A fresh request for a chain (CAIP-2, e.g. `eip155:1`). */
  oneClickRequest(chainId: string): Promise<OneClickRequest>
  /** The error for a sign-in the wallet declined: SPEC §8 "Signature declined", the wallet's words as its cause. */
  oneClickDeclined(cause: unknown): Error
  /** Verifies the cacaos with the SIWX backend and keeps the session; rejects when refused. */
  completeOneClick(cacaos: readonly Cacao[], request: OneClickRequest): Promise<SiwxSession>
}
