/**
 * One-click auth (WalletConnect's `wc_sessionAuthenticate`): connect and sign in with one approval. Loaded with
 * sign-client (a dynamic import of the connector's pairing), never in a host's initial chunk. Like verify.ts it has
 * no runtime import of the kernel or of another plugin (the connector hands in what it needs): a lazy chunk importing
 * kernel modules makes rolldown split them out of the entry into extra initial files, which costs bytes at start.
 */
import type { ChainNamespace, Token } from 'portico/plugin'
import type { Cacao, OneClickRequest, OneClickSignIn } from 'portico/plugins/siwx'
import type { SignClientLike, WcSession } from './connector.ts'
import type { Exclusive, PairingOffer } from './pairing.ts'

/** What sign-client's `authenticate()` takes (AuthTypes.SessionAuthenticateParams, the part Portico sends). */
export interface AuthenticateParams {
  chains: string[]
  domain: string
  uri: string
  nonce: string
  statement?: string
  exp?: string
  /** The methods the session may request: sign-client turns them into a ReCap (EIP-5573) in the message's resources. */
  methods: string[]
}

/** What `authenticate()` resolves: the URI to show and the wallet's answer (cacaos, or none after the fallback). */
export interface AuthenticateOffer {
  uri: string
  response(): Promise<{ session?: WcSession; auths?: readonly Cacao[] }>
}

/** Looks a service up when the host has it (`ctx.has(t) ? ctx.get(t) : undefined`). */
export type ServiceLookup = <V>(token: Token<V>) => V | undefined

/** What the connector hands in from the entry chunk. */
export interface OneClickDeps {
  lookup: ServiceLookup
  /** `SiwxTokens.OneClick`: the connector makes it with `createServiceToken('siwx', 'one-click')` (the same registered symbol). */
  token: Token<OneClickSignIn>
  /** The eip155 methods the session may request (WALLET_METHODS.eip155): the ReCap's. */
  methods: readonly string[]
  /** Aborted when the pairing cycle this offer is for was cancelled (PairingControllerOptions.generate). */
  signal?: AbortSignal
  /** Runs the `authenticate()` call after any other offer call, and not for a cancelled cycle (PairingControllerOptions.generate). */
  exclusive?: Exclusive
}

/**
 * The one-click offer when it applies: SIWX is configured (its OneClick service), sign-client has `authenticate()`,
 * and the requested namespaces allow it (SPEC §5 universal authentication: eip155 only, exactly one namespace);
 * undefined otherwise (the connector pairs with a plain session proposal).
 *
 * sign-client sends both `wc_sessionAuthenticate` and a fallback session proposal. A wallet that supports one-click
 * answers with cacaos: they are verified by the SIWX backend before the session is reported, so the SIWX dialog is
 * skipped. A wallet that does not approves the proposal: no cacaos, and the SIWX dialog follows as without one-click.
 */
export async function oneClickOffer(
  client: SignClientLike,
  networks: ReadonlyMap<ChainNamespace, readonly string[]>,
  deps: OneClickDeps,
): Promise<(PairingOffer<WcSession> & { oneClick: true }) | undefined> {
  if (!client.authenticate) return undefined
  const signIn = deps.lookup(deps.token)
  const namespaces = [...networks.keys()]
  const chains = [...(networks.get('eip155') ?? [])]
  if (!signIn?.supportsOneClick(namespaces) || !chains.length) return undefined
  // A cycle cancelled while sign-client loaded (React StrictMode's first mount) asks the backend for no nonce.
  deps.signal?.throwIfAborted()
  let request: OneClickRequest
  try {
    request = await signIn.oneClickRequest(chains[0]!)
  } catch {
    // No nonce (the SIWX backend is unreachable): pair as without one-click; the SIWX step reports its own error.
    return undefined
  }
  // A cancelled cycle makes no offer: sign-client keeps one auth key and response topic, and a later `authenticate()`
  // unsubscribes the earlier one's, so an abandoned cycle's offer would leave the live URI's approval unheard.
  deps.signal?.throwIfAborted()
  const authenticate = () => client.authenticate!(toParams(chains, request, deps.methods))
  const { uri, response } = await (deps.exclusive ? deps.exclusive(authenticate) : authenticate())
  return {
    uri,
    oneClick: true,
    async approval() {
      let result: Awaited<ReturnType<AuthenticateOffer['response']>>
      try {
        result = await response()
      } catch (error) {
        // The wallet's refusal (sign-client rejects with the wallet's error message, a string) is a declined
        // signature, SPEC §8 (siwx's text), with the wallet's words as its cause; sign-client's own errors pass unchanged.
        throw typeof error === 'string' ? signIn.oneClickDeclined(error) : error
      }
      // sign-client settles no session when the wallet's ReCap grants no method.
      if (!result.session) throw new Error('The wallet approved the sign-in but no method of the session')
      if (result.auths?.length) {
        // Refused by the backend: the connection stands and signs in in two steps (the SIWX dialog).
        await signIn.completeOneClick(result.auths, request).catch(() => undefined)
      }
      return result.session
    },
  }
}

/** The `authenticate()` parameters of a request: the ReCap asks for the methods Portico requests of eip155 wallets. */
export function toParams(chains: readonly string[], request: OneClickRequest, methods: readonly string[]): AuthenticateParams {
  const params: AuthenticateParams = {
    chains: [...chains],
    domain: request.domain,
    uri: request.uri,
    nonce: request.nonce,
    methods: [...methods],
  }
  if (request.statement) params.statement = request.statement
  if (request.expirationTime) params.exp = request.expirationTime
  return params
}

