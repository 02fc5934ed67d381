/**
 * The plugin contract, version 1.1: the one file a plugin author reads (also exported, with only what a plugin author
 * needs, by the `portico/plugin` entry).
 *
 * A plugin is a plain object made by `definePlugin`. The kernel checks every definition (id, `portico` version range,
 * `requires`, `optional`, `provides`) before any plugin code runs, calls `setup` for each plugin (registration only: no network, no heavy
 * import), freezes its registries, then calls `activate`. Everything a plugin registers through its context is
 * disposed with the modal; `modal.destroy()` leaves nothing behind.
 *
 * The numbered names below are all a chain plugin needs; see plugin-template/GUIDE.md.
 */

/**
 * The version of this plugin contract (not the npm package's version): a plugin's `portico` range is checked against
 * it. 1.1 added the capabilities of the context (`modal`, `snackbar`, `network`, `balance`, `request`, `sharedStorage`,
 * and `modal`, `snackbar`, `options`, `chain`, `namespaces` in `state`), so plugins need no kernel controller.
 */
export const PLUGIN_CONTRACT_VERSION = '1.1.0'

/** @deprecated The name said "package version" to readers; use PLUGIN_CONTRACT_VERSION (the same value). */
export const PORTICO_VERSION = PLUGIN_CONTRACT_VERSION

import type { ResolvedOptions } from '../state/options.ts'

// ─── Disposables ──────────────────────────────────────────────────────────────────────────────────────────────────

/** Something that holds a resource until `dispose()` is called. Calling it twice is harmless. */
export interface Disposable {
  dispose(): void
}

/** Wraps a function as a Disposable that runs at most once. */
export function toDisposable(fn: () => void): Disposable {
  let done = false
  return {
    dispose() {
      if (done) return
      done = true
      fn()
    },
  }
}

/** Collects disposables and disposes them in reverse order. */
export class DisposableStore implements Disposable {
  private readonly items: Disposable[] = []
  private disposed = false

  get isDisposed(): boolean {
    return this.disposed
  }

  /** Number of live items (the conformance kit checks it drops to 0). */
  get size(): number {
    return this.items.length
  }

  add<D extends Disposable>(item: D): D {
    if (this.disposed) {
      item.dispose()
      return item
    }
    this.items.push(item)
    return item
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    const errors: unknown[] = []
    for (const item of this.items.splice(0).reverse()) {
      try {
        item.dispose()
      } catch (error) {
        errors.push(error)
      }
    }
    if (errors.length) throw new AggregateError(errors, 'Some disposables failed to dispose')
  }
}

// ─── Tokens ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** A typed reference to a service. @example const Signer = createToken<Signer>('eip155.signer') */
export type Token<V> = symbol & { readonly __value?: V }

/** Creates a typed token; the description shows in error messages. */
export function createToken<V>(description: string): Token<V> {
  return Symbol(description) as Token<V>
}

// ─── Services between plugins ─────────────────────────────────────────────────────────────────────────────────────

/**
 * A service one plugin offers others: a typed token that records the plugin owning it. The owner exports it from a
 * side-effect-free module of its public entry (importing it never pulls the plugin's code into a host) and lists it
 * in its definition's `provides`; a plugin using it lists it (or the owner's id) in `requires` or `optional`.
 */
export type ServiceToken<V> = Token<V> & { readonly __service?: true }

/** What a plugin may depend on: another plugin's id (any of its services) or one service token. */
export type PluginDependency = string | ServiceToken<unknown>

const SERVICE_KEY = 'portico.service:'
const PLUGIN_ID = /^[a-z0-9][a-z0-9-]*$/

/**
 * Creates the token of a service owned by plugin `plugin` (its id). The same plugin and name give the same token
 * (a registered symbol), also across two copies of a plugin's module.
 * @example export const SendTokens = { Senders: createServiceToken<SenderRegistry>('send', 'senders') }
 */
/* @__NO_SIDE_EFFECTS__ */
export function createServiceToken<V>(plugin: string, name: string): ServiceToken<V> {
  if (!PLUGIN_ID.test(plugin) || !name) throw new Error(`createServiceToken: "${plugin}" is not a plugin id, or the name is empty`)
  return Symbol.for(`${SERVICE_KEY}${plugin}.${name}`) as ServiceToken<V>
}

/** The owner and name of a service token (undefined for any other token). */
export function serviceOf(token: Token<unknown>): { plugin: string; name: string; label: string } | undefined {
  const key = typeof token === 'symbol' ? Symbol.keyFor(token) : undefined
  if (!key?.startsWith(SERVICE_KEY)) return undefined
  const label = key.slice(SERVICE_KEY.length)
  const dot = label.indexOf('.')
  return { plugin: label.slice(0, dot), name: label.slice(dot + 1), label }
}

// ─── Namespaces and networks (CAIP) ───────────────────────────────────────────────────────────────────────────────

/**
 * Chain namespaces, open: a chain plugin adds its own by declaration merging. The kernel knows none by name.
 * @example declare module 'portico' { interface ChainNamespaces { tron: true } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ChainNamespaces {}

/**
 * A chain namespace some plugin declared (CAIP-2 syntax: 3 to 8 of `[-a-z0-9]`); any string until one is declared.
 */
export type ChainNamespace = [keyof ChainNamespaces] extends [never] ? string : keyof ChainNamespaces & string

/** A CAIP-2 network id, e.g. 'eip155:1'. */
export type CaipNetworkId = `${string}:${string}`
/** A CAIP-10 account address, e.g. 'eip155:1:0xab...'. */
export type CaipAddress = `${string}:${string}:${string}`

/** SPEC §3 Network, with the chain definition fields. */
export interface CaipNetwork {
  /** Chain reference: a number for eip155, a string elsewhere. */
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  contracts?: Record<string, { address: string }>
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
}

// ─── Accounts and connectors ──────────────────────────────────────────────────────────────────────────────────────

/** SPEC §3 account type. */
export type AccountType = 'eoa' | 'smartAccount'

/** SPEC §3 Account entry. */
export interface AccountEntry {
  namespace: ChainNamespace
  address: string
  type: AccountType
  publicKey?: string
  path?: string
}

/** SPEC §3 Connector type. */
export type ConnectorType = 'MULTI_CHAIN' | 'ANNOUNCED' | 'INJECTED' | 'EXTERNAL' | 'AUTH'

/** What a connector answers to connect or reconnect. */
export interface ConnectResult {
  accounts: AccountEntry[]
  caipNetworkId: CaipNetworkId
  /** The wallet as the user knows it, when it differs from the connector (a paired mobile wallet). */
  walletInfo?: { name: string; icon?: string }
}

/** SPEC §3 Wallet listing of the registry. */
export interface WalletListing {
  id: string
  name: string
  rdns?: string | null
  image_id?: string | null
  image_url?: string
  chains?: readonly string[]
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  installed?: boolean
}

/** Events a connector emits; the kernel listens (the shape of wagmi's connector emitter). */
export interface ConnectorEvents {
  /** The wallet changed accounts (an empty list means it disconnected us) or chain. */
  change: { namespace: ChainNamespace; accounts?: AccountEntry[]; caipNetworkId?: string }
  /** The wallet ended the session: one namespace, or every namespace it held. */
  disconnect: { namespace?: ChainNamespace }
  /** Anything else worth telling the host (e.g. a pairing URI); re-emitted as `connector:message`. */
  message: { type: string; data?: unknown }
}

/** The typed emitter a connector receives when it is registered. */
export interface ConnectorEmitter {
  emit<K extends keyof ConnectorEvents>(type: K, payload: ConnectorEvents[K]): void
}

/** What the kernel asks a connector to connect or restore. */
export interface ConnectRequest {
  namespace: ChainNamespace
  caipNetwork?: CaipNetwork
}

/** SPEC §3 Connector, with the behaviour a connector implements. */
export interface Connector {
  id: string
  name: string
  /** SPEC §3 type; MULTI_CHAIN connectors (pairing) head the list and open registry wallets. */
  type: ConnectorType
  /** The namespace it connects (a MULTI_CHAIN connector lists more in `chains`). */
  chain: ChainNamespace
  // `| undefined` on the optional fields: a class implementing Connector may hold them as `x: T | undefined`
  // (constructor parameters), also under a host's `exactOptionalPropertyTypes`.
  chains?: readonly ChainNamespace[] | undefined
  imageUrl?: string | undefined
  imageId?: string | undefined
  explorerId?: string | undefined
  info?: { rdns?: string | undefined } | undefined
  /** Asks the wallet for access. Rejections carry the wallet's EIP-1193 code. */
  connect(request: ConnectRequest): Promise<ConnectResult>
  /** Restores a stored connection without prompting; undefined when access is gone. */
  reconnect?(request: ConnectRequest): Promise<ConnectResult | undefined>
  disconnect(): Promise<void>
  /**
   * Sends a wallet RPC request for a namespace. A method the wallet does not serve rejects with code 4200 (or
   * -32601) so the chain plugin can fall back to the HTTP RPC (SPEC §5).
   */
  request?(args: { namespace: ChainNamespace; caipNetworkId: string; method: string; params?: readonly unknown[] | object }): Promise<unknown>
  /** SPEC §4: moves the wallet to a network (asking it, adding the chain when unknown; a pairing sets its default). */
  switchNetwork?(network: CaipNetwork): Promise<void>
  /**
   * The view that connects this connector; without it the kernel's ConnectingExternal is used. A MULTI_CHAIN
   * connector also answers for a registry wallet it opens (`wallet`) and for the no-adapter case (`basic`).
   */
  connectingView?(target: { wallet?: WalletListing; basic?: boolean }): RouteEntry
  /** Releases listeners; called when the connector is unregistered. */
  dispose?(): void
}

// ─── Chains ───────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * What a chain plugin gives the kernel for its namespace. Capabilities are optional: a feature that needs one is
 * hidden on a chain that lacks it (nothing is stubbed).
 */
export interface ChainAdapter {
  /** Must equal the plugin definition's `namespace`. */
  namespace: ChainNamespace
  /** The networks this plugin serves, in display order. */
  networks: readonly CaipNetwork[]
  /** SPEC §5 address check of this namespace (CAIP parsing consults it). */
  isAddress(address: string): boolean
  /** Native balance in display units, e.g. { balance: '10000.0', symbol: 'ETH' }. */
  getBalance?(address: string, network: CaipNetwork): Promise<{ balance: string; symbol: string }>
  /** Explorer page for an address. */
  addressExplorerUrl?(address: string, network: CaipNetwork): string | undefined
  /**
   * Token balances read from the chain itself (e.g. Solana SPL token accounts). The Tokens tab uses them instead of
   * the balance API when the chain plugin offers them.
   */
  getTokenBalances?(address: string, network: CaipNetwork): Promise<TokenBalance[]>
}

/**
 * SPEC §3 Token balance: the one shape the balance API answers (account-data), a chain plugin reads from its chain
 * (`getTokenBalances`) and the send flow lists. `address` is absent for the native token.
 */
export interface TokenBalance {
  name: string
  symbol: string
  chainId: string
  address?: string
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl?: string
}

// ─── Events, views, RPC (open registries) ─────────────────────────────────────────────────────────────────────────

/**
 * Events of the modal's bus. Plugins add their own by declaration merging.
 * @example declare module 'portico' { interface ModalEvents { 'send:success': { hash: string } } }
 */
export interface ModalEvents {
  'modal:open': { view: ViewId }
  'modal:close': Record<string, never>
  'router:change': { view: ViewId; action: 'push' | 'replace' | 'reset' | 'back' }
  /** A view left the top of the stack (back, replace or reset; a push keeps it in history). */
  'router:leave': { from: ViewId; to: ViewId; connected: boolean }
  'network:switched': { namespace: ChainNamespace; caipNetworkId: string }
  'connection:connected': { namespace: ChainNamespace; connectorId: string; address: string }
  'connection:disconnected': { namespace: ChainNamespace; connectorId: string }
  /** Another connection of the namespace became the active one (several wallets in one namespace). */
  'connection:switched': { namespace: ChainNamespace; connectorId: string; address: string }
  /** A connector's `message` event. */
  'connector:message': { connectorId: string; type: string; data?: unknown }
  'error': { source: string; error: unknown }
}

/**
 * Views and their params. The kernel declares the SPEC §2 views the core UI routes to; plugins add theirs.
 * @example declare module 'portico' { interface ViewParams { SolanaSend: { mint: string } } }
 */
export interface ViewParams {
  Connect: undefined
  Account: undefined
  AllWallets: undefined
  ConnectingExternal: { connectorId: string }
  SwitchNetwork: undefined
  UnsupportedChain: undefined
  ProfileWallets: undefined
  /** SPEC §2: pick the active chain namespace (its account, or Connect for it). */
  SwitchActiveChain: undefined
}

/** The id of a registered view. */
export type ViewId = keyof ViewParams & string

/** Params of view V; views without params take none. */
export type ViewParamsOf<V extends ViewId> = ViewParams[V]

/**
 * RPC methods served by plugins: '<namespace>:<method>' -> { params; result }.
 * @example declare module 'portico' { interface RpcSchema { 'eip155:personal_sign': { params: { message: string }; result: `0x${string}` } } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RpcSchema {}

/** A registered RPC method name. */
export type RpcMethod = keyof RpcSchema & string
type Field<T, K extends string> = T extends Record<K, infer F> ? F : never
/** Params of RPC method M. */
export type RpcParams<M extends RpcMethod> = Field<RpcSchema[M], 'params'>
/** Result of RPC method M. */
export type RpcResult<M extends RpcMethod> = Field<RpcSchema[M], 'result'>
/** A handler for RPC method M. */
export type RpcHandler<M extends RpcMethod> = (params: RpcParams<M>) => Promise<RpcResult<M>>

/**
 * The host's `features` switches (`createModal({ features })`). Open: the plugin that reads a switch declares it,
 * so the kernel knows no feature by name.
 * @example declare module 'portico' { interface ModalFeatures { email?: boolean } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModalFeatures {}

/** What a view component receives. */
export interface ViewProps<V extends ViewId> {
  params: ViewParams[V]
}

/** A view component. Kept framework-free here; the React bindings render it as a function component. */
export type ViewComponent<P> = (props: P) => unknown

/**
 * A text a plugin hands the modal to show for it: a tab or action label, a view title. A plain string shows as given
 * in every language (a proper name, "WalletConnect"); a `TranslatableText`, which portico/react's
 * `message(catalogue, key)` makes from the plugin's message catalogue, shows in the modal's language.
 */
export type DisplayText = string | TranslatableText

/**
 * A text in every language of a message catalogue. Structural, so the kernel knows no catalogue and no UI: the UI
 * asks `in(locale)` for the modal's language.
 */
export interface TranslatableText {
  /** The English text, for what has no language (logs, tests, a host reading the registration). */
  readonly en: string
  /** The text in `locale` (a locale the UI supports): at once when its messages are loaded, else a promise of it. */
  in(locale: string): string | PromiseLike<string>
}

/** The English of a display text (a plain string as it is). */
export function englishText(text: DisplayText): string {
  return typeof text === 'string' ? text : text.en
}

/** What the modal shows around a view. */
export interface ViewMeta<V extends ViewId> {
  /** The header title, also the dialog's accessible name. */
  title?: DisplayText | ((params: ViewParams[V]) => DisplayText)
}

/** Lazily loads a view module. */
export type ViewLoader<V extends ViewId> = () => Promise<{ default: ViewComponent<ViewProps<V>> }>

/** A tab of the Account view (SPEC §2 Tokens, NFTs, Activity come from the account-data plugin). */
export interface AccountTab {
  id: string
  label: DisplayText
  /** Lower first. */
  order: number
  load: () => Promise<{ default: ViewComponent<Record<string, never>> }>
  /** Hidden when false, e.g. a tab of one chain: `available: ({ namespace }) => namespace === 'tron'`. */
  available?(state: { namespace?: ChainNamespace; caipNetworkId?: string }): boolean
  /**
   * Where it shows: `'tab'` (default) among the Account tabs; `'namespace'` in the Account view's namespace slot, under
   * the account's actions, for chain-specific data (a region named by `label`, no tab header). Use with `available`.
   */
  slot?: 'tab' | 'namespace'
}

/** A button of the Account view (Send, Swap, Buy ...). */
export interface AccountAction {
  id: string
  label: DisplayText
  order: number
  /** The view it opens. */
  view: ViewId
  /** Hidden when false (e.g. a namespace without a sender). */
  available?(state: { namespace?: ChainNamespace; caipNetworkId?: string }): boolean
}

/**
 * A section of the Connect view for a SPEC §2 connect method other than wallets (an email field, social buttons),
 * shown in the connect-method order; the modal leaves a method out when no section serves it or the host's
 * `features` turn it off.
 */
export interface ConnectSection {
  id: string
  method: 'email' | 'social'
  /** Lower first, within its method. */
  order: number
  load: () => Promise<{ default: ViewComponent<Record<string, never>> }>
}

// ─── Bus, router, storage, state ──────────────────────────────────────────────────────────────────────────────────

/** Typed event bus of one modal. */
export interface EventBus {
  /** Subscribes; the returned Disposable unsubscribes. */
  on<K extends keyof ModalEvents>(type: K, handler: (payload: ModalEvents[K]) => void): Disposable
  /** Emits to every handler; a throwing handler never stops the others. */
  emit<K extends keyof ModalEvents>(type: K, payload: ModalEvents[K]): void
}

/** One entry of the view stack. */
export interface RouteEntry<V extends ViewId = ViewId> {
  view: V
  params: ViewParams[V]
}

/** Params argument: omitted for views without params. */
export type ParamsArg<V extends ViewId> = ViewParams[V] extends undefined ? [params?: undefined] : [params: ViewParams[V]]

/** The view stack of SPEC §2. */
export interface Router {
  readonly current: RouteEntry
  readonly history: readonly RouteEntry[]
  push<V extends ViewId>(view: V, ...params: ParamsArg<V>): void
  replace<V extends ViewId>(view: V, ...params: ParamsArg<V>): void
  reset<V extends ViewId>(view: V, ...params: ParamsArg<V>): void
  goBack(): void
  subscribe(listener: () => void): () => void
  getSnapshot(): readonly RouteEntry[]
}

/** Key-value storage scoped to one plugin (keys prefixed with the plugin id). */
export interface ScopedStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** A store a plugin may read and watch but not write. */
export interface ReadonlyStore<S> {
  getSnapshot(): S
  subscribe(listener: () => void): () => void
}

/** SPEC §3 Account state of one namespace, as the kernel keeps it. */
export interface AccountSnapshot {
  allAccounts: readonly AccountEntry[]
  caipAddress?: CaipAddress
  address?: string
  balance?: string
  balanceSymbol?: string
  balanceLoading: boolean
  addressExplorerUrl?: string
  connectedWalletInfo?: { name: string; icon?: string }
  /** SPEC §3 profile name and image (from an identity or names plugin through `setProfile`). */
  profileName?: string | null
  profileImage?: string | null
  currentTab: number
  status: 'disconnected' | 'connecting' | 'connected' | 'reconnecting'
}

/** The host's options as a plugin reads them: frozen, without the plugin list and the storage adapter. */
export type ModalOptionsView = DeepReadonly<Omit<ResolvedOptions, 'plugins' | 'storage'>>

type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer E)[]
    ? readonly DeepReadonly<E>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T

/** SPEC §2 snackbar variants. */
export type SnackbarVariant = 'loading' | 'success' | 'error'

/** What a plugin can read of the modal's state (a host and a test read the same through `modal.state`). */
export interface ModalStateView {
  /** Accounts per namespace (balance included: `balance`, `balanceSymbol`, `balanceLoading`). */
  readonly accounts: ReadonlyStore<{ byNamespace: Partial<Record<ChainNamespace, AccountSnapshot>> }>
  /** The active namespace and each namespace's network. */
  readonly network: ReadonlyStore<{
    activeNamespace?: ChainNamespace
    /** Set while the wallet is on a network the app did not request (SPEC §2 UnsupportedChain). */
    unsupportedChainId?: string
    byNamespace: Partial<
      Record<ChainNamespace, { caipNetwork?: CaipNetwork; requestedCaipNetworks: readonly CaipNetwork[]; smartAccountEnabledNetworks?: readonly number[] }>
    >
  }>
  /** The active connector of each namespace and the connection status. */
  readonly connection: ReadonlyStore<{
    activeConnectorIds: Partial<Record<ChainNamespace, string>>
    status: 'disconnected' | 'connecting' | 'connected' | 'reconnecting'
    /** The last connection failure (a wallet's EIP-1193 code when it gave one). */
    error?: { message: string; code?: number }
  }>
  /** The registered connectors and the registry-shaped wallet lists of Connect (SPEC §2 groups). */
  readonly connectors: ReadonlyStore<{
    connectors: readonly Connector[]
    wallets: { featured: readonly WalletListing[]; custom: readonly WalletListing[]; recommended: readonly WalletListing[] }
  }>
  /** SPEC §3 modal flags: open, loading, shake. */
  readonly modal: ReadonlyStore<{ open: boolean; loading: boolean; shake: boolean }>
  /** The snackbar (SPEC §2): `message` is the English text. */
  readonly snackbar: ReadonlyStore<{ open: boolean; message: string; variant: SnackbarVariant }>
  /** The host's options (frozen; a new snapshot when they change, e.g. `setLocale`). */
  readonly options: ReadonlyStore<ModalOptionsView>
  /** The networks of every chain plugin. */
  networks(namespace?: ChainNamespace): CaipNetwork[]
  /** The namespaces chain plugins registered, in registration order. */
  namespaces(): ChainNamespace[]
  /** The chain adapter of a namespace (to call its optional capabilities, e.g. `getTokenBalances`). */
  chain(namespace: ChainNamespace): ChainAdapter | undefined
  /** The connector with this id. */
  connector(id: string): Connector | undefined
}

/** How a plugin acts on connections (the same API the views use). */
export interface ConnectionApi {
  /** Connects a connector (SPEC §4: rejects with "Modal closed" when the modal closes first). */
  connect(connectorId: string, namespace?: ChainNamespace): Promise<ConnectResult>
  /** Disconnects every connection of one namespace, or of all, or only one connector's. */
  disconnect(namespace?: ChainNamespace, connectorId?: string): Promise<void>
  /** Makes another connection of the namespace the active one, without asking its wallet. */
  switchConnection(connectorId: string, namespace: ChainNamespace): void
  /** SPEC §4 switching: asks the wallet when connected, otherwise selects. */
  switchNetwork(network: CaipNetwork): Promise<void>
  /** The connected account of a namespace (the active one by default) with its connector and network. */
  active(namespace?: ChainNamespace): { connector: Connector; address: string; network: CaipNetwork } | undefined
  /** Forgets the last connection failure (`state.connection` `error`). */
  clearError(): void
}

// ─── Capabilities (contract 1.1) ──────────────────────────────────────────────────────────────────────────────────
// What a plugin may do beyond registering, each a narrow API over the kernel's state: reads are in `state`, these act.

/** The dialog (read its flags in `state.modal`). */
export interface ModalControl {
  /** Opens the modal; a requested view wins (SPEC §2), a namespace other than the active one becomes active. */
  open(options?: { view?: ViewId; params?: unknown; namespace?: ChainNamespace }): void
  /** Closes it (unless a close guard refuses: then it shakes). */
  close(): void
  /** SPEC §9: shakes for 500 ms (a rejected request). */
  shake(): void
  /**
   * Keeps the dialog open while `allow()` answers false: Esc, the close button and back on the last view shake it
   * instead (SPEC §4: a required sign-in). Disposed with the modal, or earlier by the returned Disposable.
   */
  guardClose(allow: () => boolean): Disposable
}

/** The snackbar (read it in `state.snackbar`). A SPEC §8 text as written, or the plugin's `message(catalogue, key)`. */
export interface SnackbarControl {
  showSuccess(text: DisplayText): void
  showError(text: DisplayText): void
  showLoading(text: DisplayText): void
  hide(): void
}

/** The networks' state a plugin may change (switching is `connection.switchNetwork`). */
export interface NetworkControl {
  /** Makes a namespace with a network the active one (a session that connected several namespaces). */
  setActiveNamespace(namespace: ChainNamespace): void
  /** SPEC §3 smartAccountEnabledNetworks of a namespace (a wallet offering smart accounts reports them). */
  setSmartAccountEnabledNetworks(namespace: ChainNamespace, chainIds: readonly number[]): void
}

/** The native balance the kernel keeps in `state.accounts` (`balance`, `balanceSymbol`). */
export interface BalanceControl {
  /** Reads the balance of the namespace's connected account again; `force` skips the SPEC §9 30 s cache. */
  refresh(namespace: ChainNamespace, options?: { force?: boolean }): Promise<void>
}

/** A SPEC §3 storage key holding one text. */
export interface StoredText {
  get(): string | null
  set(text: string): void
  remove(): void
}

/** A SPEC §9 timestamped cache under one SPEC §3 key (entries live for the key's lifetime). */
export interface SharedCache<T> {
  get(key: string, now?: number): T | undefined
  set(key: string, value: T, now?: number): void
  delete(key: string): void
}

/**
 * The SPEC §3 keys a feature plugin shares with the kernel and other plugins (the raw adapter stays with the
 * kernel; a plugin's own keys are `ctx.storage`).
 */
export interface SharedStorage {
  /** SPEC §3 `siwx_token`: the sign-in session, as the SIWX plugin writes it. */
  readonly siwxToken: StoredText
  /** SPEC §3 `preferred_account_types` of a namespace. */
  preferredAccountType(namespace: ChainNamespace): AccountType | undefined
  setPreferredAccountType(namespace: ChainNamespace, type: AccountType): void
  /**
   * A SPEC §9 cache: `balance` (30 s, per `<caipNetworkId>:<address>`), `identity` and `ens` (5 min). Values that fail
   * `validate` read as absent.
   */
  cache<T>(name: 'balance' | 'identity' | 'ens', validate: (value: unknown) => value is T): SharedCache<T>
}

/** Calls an RPC method some plugin serves (the same as `modal.request`). */
export type RpcCaller = <M extends RpcMethod>(method: M, params: RpcParams<M>) => Promise<RpcResult<M>>

/** The capabilities of contract 1.1; plugin views reach the same through portico/react's `useCapabilities()`. */
export interface PluginCapabilities {
  readonly modal: ModalControl
  readonly snackbar: SnackbarControl
  readonly network: NetworkControl
  readonly balance: BalanceControl
  readonly request: RpcCaller
}

// ─── The context and the definition ───────────────────────────────────────────────────────────────────────────────

/** What `setup` and `activate` receive. Everything registered here is disposed with the modal. */
export interface PluginContext extends PluginCapabilities {
  /** The plugin's id. */
  readonly id: string
  readonly events: EventBus
  readonly router: Router
  /** The plugin's own keys (prefixed with its id). */
  readonly storage: ScopedStorage
  /** The SPEC §3 keys shared with the kernel (SIWX session, preferred account types, SPEC §9 caches). */
  readonly sharedStorage: SharedStorage
  /** Read-only state: accounts, networks, connections, connectors, the dialog, the snackbar, the host's options. */
  readonly state: ModalStateView
  /** Connect, disconnect, switch network. */
  readonly connection: ConnectionApi
  /** Registers the chain adapter of the plugin's namespace (checked against the definition). Setup only. */
  registerChain(adapter: ChainAdapter): Disposable
  /**
   * Registers a connector built with the kernel's emitter. May be called later too (wallets announce themselves).
   * @example ctx.registerConnector((emitter) => new MyConnector(provider, emitter))
   */
  registerConnector<C extends Connector>(create: (emitter: ConnectorEmitter) => C): Disposable & { readonly connector: C }
  /**
   * Adds registry-shaped wallets to a Connect list group (SPEC §2 "featured", "custom", "recommended"). `total`: how
   * many the source holds when `wallets` is only its first page (the registry's `count`); the featured and
   * recommended totals make the count on Connect's All Wallets entry. Disposing removes both.
   */
  registerWallets(group: 'featured' | 'custom' | 'recommended', wallets: readonly WalletListing[], options?: { total?: number | undefined }): Disposable
  /**
   * Takes over opening a registry wallet the user picked, before the pairing connector's view: answer true when it
   * handled it (e.g. SPEC §9: a Solana wallet's in-app browser on mobile), false to let the next opener or pairing run.
   */
  registerWalletOpener(open: (wallet: WalletListing) => boolean): Disposable
  /** Sets the SPEC §3 profile name and image of a namespace's connected address (identity, names). */
  setProfile(namespace: ChainNamespace, profile: { name?: string | null; image?: string | null }): void
  /** Registers a lazily loaded view with its header title. Throws on a duplicate id or after setup. */
  registerView<V extends ViewId>(id: V, load: ViewLoader<V>, meta?: ViewMeta<V>): Disposable
  /** Adds a tab to the Account view. Setup only. */
  registerAccountTab(tab: AccountTab): Disposable
  /** Adds a button to the Account view. Setup only. */
  registerAccountAction(action: AccountAction): Disposable
  /** Adds an email or social section to the Connect view. Setup only. */
  registerConnectSection(section: ConnectSection): Disposable
  /** Serves an RPC method. Throws on a duplicate method or after setup. */
  registerRpc<M extends RpcMethod>(method: M, handler: RpcHandler<M>): Disposable
  /**
   * Provides a service under a token; the factory runs once, on first `get`. A result with `dispose()` is disposed
   * with the modal. Setup only.
   */
  provide<V>(token: Token<V>, factory: (get: <U>(t: Token<U>) => U) => V): Disposable
  /**
   * Resolves a service provided by the kernel or a plugin. Throws when nothing provides it, and for another plugin's
   * service the definition's `requires`/`optional` do not declare.
   */
  get<V>(token: Token<V>): V
  /** True when something provides the token (another plugin's service must be declared, as for `get`). */
  has(token: Token<unknown>): boolean
  /** Registers any other resource (a timer, a listener) to dispose with the modal. */
  track(disposable: Disposable): Disposable
}

/** A plugin. */
export interface PluginDefinition {
  /** Unique id, e.g. 'eip155', 'walletconnect'. */
  id: string
  kind: 'chain' | 'feature' | 'connector'
  /** The namespace a chain plugin serves; its `registerChain` must use it. Required for `kind: 'chain'`. */
  namespace?: ChainNamespace
  /**
   * The plugin CONTRACT versions it works with (PLUGIN_CONTRACT_VERSION, 1.1.0 now), not the npm package's version;
   * checked before setup. @example '1.x'
   */
  portico: string
  /**
   * What the plugin cannot work without: plugin ids (any service of that plugin) and service tokens (that service).
   * Checked before any setup runs: a missing one stops `createModal` with an error naming the plugin to add.
   * @example requires: ['eip155', AccountDataTokens.TokenBalance]
   */
  requires?: readonly PluginDependency[]
  /**
   * What the plugin uses when the host has it, and does without otherwise (`ctx.has` answers false then): plugin ids
   * and service tokens. `ctx.get`/`ctx.has` refuse another plugin's service that is in neither list.
   * @example optional: [NamesTokens.Lookup]
   */
  optional?: readonly PluginDependency[]
  /** The service tokens (created with this plugin's id) it may `ctx.provide` for others. */
  provides?: readonly ServiceToken<unknown>[]
  /** Registration only: no network, no heavy import. */
  setup(ctx: PluginContext): void | Promise<void>
  /** First use: dynamic import of the SDK, session restore. */
  activate?(ctx: PluginContext): Promise<void>
}

/** Returns its argument, typed. @example export const myChain = () => definePlugin({ id: 'my', kind: 'chain', namespace: 'my', portico: '1.x', setup(ctx) {} }) */
export function definePlugin<const D extends PluginDefinition>(definition: D): D {
  return definition
}

/**
 * A plugin whose code loads with a dynamic import: the host's initial load carries only this definition (id, kind,
 * namespace, dependencies) and `load`'s module arrives in its own chunk. The import starts when the definition is made,
 * so every deferred plugin of a host loads in parallel, outside the first chunk; the kernel awaits it in `setup`.
 * `load` answers the plugin's full definition (its `setup` and `activate` are used). Heavy SDKs stay behind their own
 * dynamic imports inside it (first use). A failed import fails `setup`, as a throwing `setup` does.
 * @example
 * // index.ts of a plugin whose setup and activate live in the module beside it (plugin.ts, a dynamic import):
 * export const myFeature = (o: MyOptions = {}) => deferPlugin({ id: 'my', kind: 'feature', portico: '1.x' }, () => loadMyFeature(o))
 */
export function deferPlugin<const D extends Omit<PluginDefinition, 'setup' | 'activate'>>(
  definition: D,
  load: () => Promise<Pick<PluginDefinition, 'setup' | 'activate'>>,
): D & Pick<PluginDefinition, 'setup' | 'activate'> {
  const loaded = load()
  loaded.catch(() => {}) // reported by setup; a definition never set up must not raise an unhandled rejection
  return {
    ...definition,
    setup: async (ctx) => (await loaded).setup(ctx),
    activate: async (ctx) => {
      await (await loaded).activate?.(ctx)
    },
  }
}

/**
 * True when `version` satisfies `range`: `*`, `1.x`, `1.2.x`, `1`, `1.2.3`, `^1.2.0`, `~1.2.0`, `>=1.0.0`, or
 * several of these joined by `||`.
 */
export function satisfiesVersion(version: string, range: string): boolean {
  const v = parseVersion(version)
  if (!v) return false
  return range.split('||').some((part) => matchRange(v, part.trim()))
}

type Triple = [number, number, number]

function parseVersion(text: string): Triple | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(text.trim())
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined
}

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

function matchRange(v: Triple, range: string): boolean {
  if (range === '*' || range === 'x') return true
  const op = /^(\^|~|>=)?\s*(.*)$/.exec(range)
  const kind = op?.[1]
  const body = op?.[2] ?? ''
  const parts = body.split('.')
  if (!parts.every((p) => /^(\d+|x|\*)$/.test(p)) || parts.length > 3 || !body) return false
  const nums = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : undefined))
  const floor: Triple = [nums[0] ?? 0, nums[1] ?? 0, nums[2] ?? 0]
  if (kind === '>=') return compare(v, floor) >= 0
  if (kind === '^') return compare(v, floor) >= 0 && (floor[0] > 0 ? v[0] === floor[0] : floor[1] > 0 ? v[0] === 0 && v[1] === floor[1] : compare(v, floor) === 0)
  if (kind === '~') return compare(v, floor) >= 0 && v[0] === floor[0] && v[1] === floor[1]
  // Exact or wildcard: every given number must match.
  return nums.every((n, i) => n === undefined || v[i] === n)
}
