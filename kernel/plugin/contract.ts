/**
 * The plugin contract: the one file a plugin author reads.
 *
 * A plugin is a plain object made by `definePlugin`. The kernel calls `setup` for every plugin (registration only:
 * no network, no heavy import), freezes its registries, then calls `activate` on first use. Everything a plugin
 * registers returns a {@link Disposable}; `modal.destroy()` disposes all of it.
 */
import type { ChainNamespace } from '../caip/index.ts'

/** Something that holds a resource until `dispose()` is called. Calling it twice is harmless. */
export interface Disposable {
  dispose(): void
}

/** A typed reference to a service. @example const Signer = createToken<Signer>('eip155.signer') */
export type Token<V> = symbol & { readonly __value?: V }

/** Creates a typed token; the description shows in error messages. */
export function createToken<V>(description: string): Token<V> {
  return Symbol(description) as Token<V>
}

/**
 * Events of the modal's bus. Plugins add their own by declaration merging.
 * @example declare module 'portico' { interface ModalEvents { 'send:success': { hash: string } } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModalEvents {
  'modal:open': { view: ViewId }
  'modal:close': Record<string, never>
  'router:change': { view: ViewId; action: 'push' | 'replace' | 'reset' | 'back' }
  /** SPEC §2: leaving ConnectingFarcaster while disconnected (the embedded-wallet plugin clears and reloads). */
  'router:leave-farcaster': Record<string, never>
  'network:switched': { namespace: ChainNamespace; caipNetworkId: string }
  'connection:connected': { namespace: ChainNamespace; connectorId: string; address: string }
  'connection:disconnected': { namespace: ChainNamespace; connectorId: string }
  'error': { source: string; error: unknown }
}

/**
 * Views and their params. The kernel declares the SPEC §2 core views; plugins add theirs by declaration merging.
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

/** What a view component receives. */
export interface ViewProps<V extends ViewId> {
  params: ViewParams[V]
}

/** A view component. Kept framework-free here; the React bindings render it as a function component. */
export type ViewComponent<P> = (props: P) => unknown

/** What the modal shows around a view. */
export interface ViewMeta<V extends ViewId> {
  /** The header title, also the dialog's accessible name. */
  title?: string | ((params: ViewParams[V]) => string)
}

/** Lazily loads a view module. */
export type ViewLoader<V extends ViewId> = () => Promise<{ default: ViewComponent<ViewProps<V>> }>

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

/** What `setup` and `activate` receive. */
export interface PluginContext {
  /** The plugin's id. */
  readonly id: string
  readonly events: EventBus
  readonly router: Router
  readonly storage: ScopedStorage
  /** Registers a lazily loaded view with its header title. Throws on a duplicate id or after setup. */
  registerView<V extends ViewId>(id: V, load: ViewLoader<V>, meta?: ViewMeta<V>): Disposable
  /** Serves an RPC method. Throws on a duplicate method or after setup. */
  registerRpc<M extends RpcMethod>(method: M, handler: RpcHandler<M>): Disposable
  /**
   * Provides a service under a token; the factory runs once, on first `get`. A result with `dispose()` is disposed
   * with the modal.
   */
  provide<V>(token: Token<V>, factory: (get: <U>(t: Token<U>) => U) => V): Disposable
  /** Resolves a service provided by the kernel or a plugin. Throws when nothing provides it. */
  get<V>(token: Token<V>): V
  /** Registers a resource to dispose with the modal. */
  track(disposable: Disposable): Disposable
}

/** A plugin. */
export interface PluginDefinition {
  /** Unique id, e.g. 'eip155', 'walletconnect'. */
  id: string
  kind: 'chain' | 'feature' | 'connector'
  /** The namespace a chain plugin serves. */
  namespace?: ChainNamespace
  /** Ids of plugins that must be present; checked before any setup runs. */
  requires?: readonly string[]
  /** Registration only: no network, no heavy import. */
  setup(ctx: PluginContext): void | Promise<void>
  /** First use: dynamic import of the SDK, session restore. */
  activate?(ctx: PluginContext): Promise<void>
}

/** Returns its argument, typed. @example export const myChain = (o: Opts) => definePlugin({ id: 'my', kind: 'chain', setup(ctx) {} }) */
export function definePlugin<const D extends PluginDefinition>(definition: D): D {
  return definition
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
