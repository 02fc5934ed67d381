import {
  definePlugin,
  type ChainNamespace,
  type PluginContext,
  type WalletListing,
} from 'portico/plugin'
import { withSafeLinks } from 'portico/components'
import { WalletConnectConnector, type SignClientLike } from './connector.ts'
import type { VerifyMode } from './verify.ts'
import { findWallet, WalletConnectTokens } from './tokens.ts'

export { WalletConnectConnector, SESSION_STORAGE_KEY, USER_DISCONNECTED_REASON, type SignClientLike, type WcSession } from './connector.ts'
export {
  PairingController,
  PairingCancelledError,
  RetryTooSoonError,
  PAIRING_EXPIRY_MS,
  PAIRING_EXPIRED_BELOW_MS,
  PAIRING_RETRY_GAP_MS,
  systemClock,
  type Clock,
  type PairingOffer,
  type PairingState,
} from './pairing.ts'

export { walletLinks, type WalletLink } from './wallet-links.ts'
export { WALLET_METHODS, WALLET_EVENTS, proposalNamespaces } from './namespaces.ts'
export type { VerifyMode } from './verify.ts'

declare module 'portico' {
  interface ViewParams {
    /** SPEC §2: QR code and links for WalletConnect, or for a registry / custom wallet opened through it. */
    ConnectingWalletConnect: { walletId?: string; wallet?: WalletListing }
    /** SPEC §2: the pairing view opened when the host has no chain adapter. */
    ConnectingWalletConnectBasic: undefined
  }
}

/** The app metadata wallets show. */
export interface WalletConnectMetadata {
  name: string
  description: string
  url: string
  icons: string[]
}

/** The options sign-client is created with (also what a `createSignClient` override receives). */
export interface SignClientInitOptions {
  projectId: string
  relayUrl?: string
  metadata: WalletConnectMetadata
  customStoragePrefix?: string
  telemetryEnabled: false
}

export interface WalletConnectOptions {
  /** The WalletConnect project id (not checked by the local relay). */
  projectId: string
  /** The relay; the hosted one by default. @example 'ws://127.0.0.1:8787' */
  relayUrl?: string
  /** Shown to wallets; defaults to the modal's `metadata`, then the page's title and origin. */
  metadata?: Partial<WalletConnectMetadata>
  /**
   * Verify API (the browser attestation iframe, which waits 5 s when its server is unreachable):
   * - `'local'` points it at the stack relay's HTTP URL (`relayHttpUrl`, or derived from a ws(s):// `relayUrl`),
   *   which serves `/v3/attestation` and `/v3/public-key`; wallets must point their Core there too;
   * - `'off'` disables attestation (wallets see no attestation and skip the check);
   * - absent: the hosted Verify server.
   */
  verify?: VerifyMode
  /** HTTP URL of the relay for `verify: 'local'`. @default relayUrl with ws -> http */
  relayHttpUrl?: string
  /** Wallets added to the Connect list (SPEC §2 "custom" group); picking one opens ConnectingWalletConnect with its links. */
  customWallets?: readonly WalletListing[]
  /** sign-client storage prefix. @default sign-client's for the page's first modal, `portico-<id>` for a modal with its own storage namespace */
  storagePrefix?: string
  /**
   * Creates the sign client. Default: `await import('@walletconnect/sign-client')` then `SignClient.init(options)`,
   * run only when the user picks WalletConnect or a stored session is restored. Tests pass a fake.
   */
  createSignClient?: (options: SignClientInitOptions) => Promise<SignClientLike>
}

export { WalletConnectTokens, findWallet } from './tokens.ts'

/**
 * The WalletConnect connector plugin: pairing by QR code or wallet link, session restore after a reload, requests
 * routed to the wallet by namespace, session events fed to the kernel (SPEC §4 pairing session).
 * @example createModal({ plugins: [eip155(), walletConnect({ projectId, relayUrl: 'ws://127.0.0.1:8787', verify: 'local' })] })
 */
export function walletConnect(options: WalletConnectOptions) {
  return definePlugin({
    id: 'walletconnect',
    kind: 'connector',
    portico: '1.x',
    // SIWX's one-click sign-in, when the host has it (authenticate.ts).
    optional: ['siwx'],
    setup(ctx) {
      // Registered at setup so the Connect list shows it and reconnectStored finds it after a reload.
      const { connector } = ctx.registerConnector((emitter) => new WalletConnectConnector({
        // Creating the client (options, metadata, Verify) loads with sign-client: nothing of it is in the initial load.
        createClient: () => import('./sign-client.ts').then((m) => m.createClient(ctx, options)),
        storage: ctx.storage,
        networks: () => networksByNamespace(ctx),
        emitter,
        lookup: (token) => (ctx.has(token) ? ctx.get(token) : undefined),
      }))
      ctx.provide(WalletConnectTokens.Connector, () => connector)
      // One pairing may approve several namespaces: after the first connects, the others connect too.
      ctx.track(
        ctx.events.on('connection:connected', ({ connectorId, namespace }) => {
          if (connectorId !== connector.id || !connector.pendingNamespaces.length) return
          void Promise.resolve().then(() =>
            connector.connectPending(namespace, {
              connect: (id, ns) => ctx.connection.connect(id, ns),
              clearError: () => ctx.connection.clearError(),
              isConnected: (ns) => Boolean(ctx.state.accounts.getSnapshot().byNamespace[ns]?.address),
              setActiveNamespace: (ns) => ctx.network.setActiveNamespace(ns),
              reportError: (error) => ctx.events.emit('error', { source: 'walletconnect', error }),
            }),
          ).catch(() => undefined) // the modal was destroyed while the other namespaces connected
        }),
      )
      // Links a wallet may not open (javascript:, data:, no scheme...) are dropped once, as the host's listing arrives.
      if (options.customWallets?.length) ctx.registerWallets('custom', options.customWallets.map((w) => withSafeLinks(w)))

      ctx.registerView('ConnectingWalletConnect', () => import('./views/ConnectingWalletConnect.tsx'), {
        title: (params) => params?.wallet?.name ?? (params?.walletId ? findWallet(ctx, params.walletId)?.name : undefined) ?? 'WalletConnect',
      })
      ctx.registerView('ConnectingWalletConnectBasic', () => import('./views/ConnectingWalletConnectBasic.tsx'), {
        title: 'WalletConnect',
      })
    },
    async activate(ctx) {
      const connector = ctx.get(WalletConnectTokens.Connector)
      // Only a stored session justifies loading sign-client here; otherwise it waits for the user's pick. Not
      // awaited: an unreachable relay or a slow sign-client start must not hold up `modal.ready` (issue 16 item 11).
      if (!connector.hasStoredSession()) return
      void connector.restore().catch((error: unknown) => ctx.events.emit('error', { source: 'walletconnect', error }))
    },
  })
}


function networksByNamespace(ctx: PluginContext): Map<ChainNamespace, readonly string[]> {
  return new Map(ctx.state.namespaces().map((ns) => [ns, ctx.state.networks(ns).map((n) => n.caipNetworkId)]))
}
