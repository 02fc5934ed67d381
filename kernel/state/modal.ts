import type { ChainNamespace } from '../caip/index.ts'
import type { EventBus, RouteEntry, Router, ViewId } from '../plugin/contract.ts'
import type { AccountController } from './account.ts'
import type { ChainRegistry } from './chains.ts'
import type { NetworkController } from './network.ts'
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

export interface ModalControllerDeps {
  events: EventBus
  router: Router
  account: AccountController
  network: NetworkController
  chains: ChainRegistry
  isMobile(): boolean
  embedded: boolean
}

/** SPEC §2 "Opening picks the view", close resets, embedded mode, loading and shake. */
export class ModalController {
  readonly store = new Store<ModalState>({ open: false, loading: false, shake: false })
  private shakeTimer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly deps: ModalControllerDeps) {
    if (deps.embedded) this.store.set({ open: true })
  }

  open(options: OpenOptions = {}): void {
    const { network, router } = this.deps
    if (options.namespace && options.namespace !== network.activeNamespace) network.setActiveNamespace(options.namespace)
    const entry = this.pickView(options)
    router.reset(entry.view as 'Connect', ...([entry.params] as [undefined]))
    this.store.set({ open: true })
    this.deps.events.emit('modal:open', { view: entry.view })
  }

  /** SPEC §2: closing resets to Connect (in embedded mode: Account if connected) and clears loading. */
  close(): void {
    const { router, account } = this.deps
    const wasOpen = this.store.getSnapshot().open
    if (this.deps.embedded) {
      router.reset(account.isConnected() ? 'Account' : 'Connect')
      this.store.set({ loading: false })
    } else {
      this.store.set({ open: false, loading: false })
      router.reset('Connect')
    }
    if (wasOpen) this.deps.events.emit('modal:close', {})
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

  /** SPEC §2: requested view; no adapters and no address -> AllWallets (mobile) or ConnectingWalletConnectBasic; address -> Account; else Connect. */
  private pickView(options: OpenOptions): RouteEntry {
    const { account, chains } = this.deps
    if (options.view) return { view: options.view, params: options.params } as RouteEntry
    const connected = account.isConnected()
    if (chains.size === 0 && !connected) {
      return { view: (this.deps.isMobile() ? 'AllWallets' : 'ConnectingWalletConnectBasic') as ViewId, params: undefined } as RouteEntry
    }
    if (connected) return { view: 'Account', params: undefined }
    return { view: 'Connect', params: undefined }
  }
}
