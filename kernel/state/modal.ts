import type { ChainNamespace } from '../caip/index.ts'
import { inject, injectable } from '../di/decorators.ts'
import { toDisposable, type Disposable, type EventBus, type RouteEntry, type ViewId } from '../plugin/contract.ts'
import type { RouterStack } from '../router/router-stack.ts'
import { KernelTokens } from '../tokens.ts'
import type { AccountController } from './account.ts'
import type { ChainRegistry } from './chains.ts'
import type { ConnectorController } from './connectors.ts'
import type { NetworkController } from './network.ts'
import { detectMobile, type OptionsController } from './options.ts'
import { Store } from './store.ts'

/** SPEC §3 modal flags. */
export interface ModalState {
  open: boolean
  loading: boolean
  shake: boolean
}

/** SPEC §9 shake duration. */
export const SHAKE_MS = 500

/** What `open` accepts. */
export interface OpenOptions {
  /** A requested view wins (SPEC §2). */
  view?: ViewId
  params?: unknown
  /** Opening for a namespace other than the active chain switches to it (SPEC §4). */
  namespace?: ChainNamespace
}

/** SPEC §2 "Opening picks the view", close resets, embedded mode, loading and shake. */
@injectable()
export class ModalController implements Disposable {
  readonly store = new Store<ModalState>({ open: false, loading: false, shake: false })
  private shakeTimer: ReturnType<typeof setTimeout> | undefined
  private readonly closeGuards = new Set<() => boolean>()
  private readonly deps: {
    events: EventBus; router: RouterStack; account: AccountController; network: NetworkController
    chains: ChainRegistry; connectors: ConnectorController; embedded: boolean; isMobile(): boolean
  }

  constructor(
    @inject(KernelTokens.Events) events: EventBus,
    @inject(KernelTokens.Router) router: RouterStack,
    @inject(KernelTokens.Account) account: AccountController,
    @inject(KernelTokens.Network) network: NetworkController,
    @inject(KernelTokens.Chains) chains: ChainRegistry,
    @inject(KernelTokens.Connectors) connectors: ConnectorController,
    @inject(KernelTokens.Options) options: Pick<OptionsController, 'options'>,
  ) {
    const embedded = Boolean(options.options.embedded)
    this.deps = { events, router, account, network, chains, connectors, embedded, isMobile: options.options.isMobile ?? detectMobile }
    router.onClose(() => this.close())
    if (embedded) this.store.set({ open: true })
  }

  open(options: OpenOptions = {}): void {
    const { network, router } = this.deps
    if (options.namespace && options.namespace !== network.activeNamespace) network.setActiveNamespace(options.namespace)
    const entry = this.pickView(options)
    router.reset(entry.view as 'Connect', ...([entry.params] as [undefined]))
    this.store.set({ open: true })
    this.deps.events.emit('modal:open', { view: entry.view })
  }

  /**
   * Keeps the dialog open while `allow()` answers false: close() (Esc, the close button, back on the last view) then
   * shakes instead (SPEC §4: SIWX cannot be closed while authentication is required and no session exists).
   */
  guardClose(allow: () => boolean): Disposable {
    this.closeGuards.add(allow)
    return toDisposable(() => this.closeGuards.delete(allow))
  }

  /** SPEC §2: closing resets to Connect (in embedded mode: Account if connected) and clears loading. */
  close(): void {
    const { router, account } = this.deps
    const wasOpen = this.store.getSnapshot().open
    if (wasOpen && [...this.closeGuards].some((allow) => !allow())) {
      this.shake()
      return
    }
    if (this.deps.embedded) {
      router.reset(account.isConnected() ? 'Account' : 'Connect')
      this.store.set({ loading: false })
    } else {
      this.store.set({ open: false, loading: false })
      router.reset('Connect')
    }
    if (wasOpen) this.deps.events.emit('modal:close', {})
  }

  /** Closes unless a close guard refuses; a refusal keeps the modal open without shaking (closeOnConnect). */
  closeIfAllowed(): void {
    if ([...this.closeGuards].every((allow) => allow())) this.close()
  }

  setLoading(loading: boolean): void {
    this.store.set({ loading })
  }

  /** SPEC §9: the modal shakes for 500 ms (e.g. on a rejected connection). */
  shake(): void {
    clearTimeout(this.shakeTimer)
    this.store.set({ shake: true })
    this.shakeTimer = setTimeout(() => this.store.set({ shake: false }), SHAKE_MS)
  }

  dispose(): void {
    clearTimeout(this.shakeTimer)
  }

  /**
   * SPEC §2: requested view; no adapters and no address -> AllWallets on mobile, otherwise the pairing connector's
   * basic view; address -> Account; else Connect.
   */
  private pickView(options: OpenOptions): RouteEntry {
    const { account, chains, connectors } = this.deps
    if (options.view) return { view: options.view, params: options.params } as RouteEntry
    const connected = account.isConnected()
    if (chains.size === 0 && !connected) {
      if (this.deps.isMobile()) return { view: 'AllWallets', params: undefined }
      const basic = connectors.registryOpener()?.connectingView?.({ basic: true })
      if (basic) return basic
    }
    if (connected) return { view: 'Account', params: undefined }
    return { view: 'Connect', params: undefined }
  }
}
