/**
 * createTestModal: a modal with fake wallets for unit tests of host components (vitest with happy-dom or jsdom).
 * The wallets are installed on the test's window first, so the chain plugins discover them as they would real
 * extensions; the modal keeps its state in memory.
 */
import {
  createMemoryAdapter,
  createModal,
  KernelTokens,
  type ChainNamespace,
  type ConnectResult,
  type Modal,
  type ModalOptions,
  type PluginDefinition,
  type StorageAdapter,
  type ViewId,
} from '../kernel/index.ts'
import { createFakeWallets, FAKE_WALLET_NAMESPACES, type FakeNamespace, type FakeWallets, type FakeWalletsOptions } from './fake-wallets.ts'
import type { WalletDriver } from './wallet-driver.ts'

export type TestModalOptions = {
  /** The app's plugins (e.g. `[eip155({ networks: [myChain], builtinNetworks: false })]`). */
  plugins: readonly PluginDefinition[]
  /** The fake wallets' options (default: every namespace, dev mnemonic, nothing persisted). */
  wallets?: FakeWalletsOptions
  /** Other createModal options (projectId, metadata, themeMode, ...). */
  modal?: Omit<ModalOptions, 'plugins' | 'storage'>
  /** The modal's storage. Default: in memory. */
  storage?: StorageAdapter
  /** The window the wallets are installed on. Default the global window (happy-dom / jsdom). */
  window?: Window
  /**
   * Fake wallets of any namespace, by namespace: a third party's fake wallet (say `tron`) is installed by its own
   * plugin's options and driven through its WalletDriver. A driver wins over the built-in fake wallet of its namespace.
   */
  drivers?: Partial<Record<ChainNamespace, WalletDriver>>
  /** How long connect() and waitFor*() wait (ms). Default 10 000. */
  timeoutMs?: number
}

export interface TestModal {
  readonly modal: Modal
  readonly wallets: FakeWallets
  /**
   * Connects the fake wallet of `namespace` (default the first of the plugins' namespaces with a driver or a fake
   * wallet) and answers its prompt: approve (default) or reject. Resolves with the modal's result; rejects as the modal
   * does, and at once when the namespace has neither a driver nor a built-in fake wallet.
   */
  connect(options?: { namespace?: ChainNamespace; answer?: 'approve' | 'reject' }): Promise<ConnectResult>
  /** The address of the active (or given) namespace, undefined when disconnected. */
  address(namespace?: ChainNamespace): string | undefined
  /** The current view and whether the modal is open. */
  view(): { view: ViewId; open: boolean }
  /** Resolves once `predicate` holds for the modal (checked on every change, and at once). */
  waitFor(predicate: (modal: Modal) => boolean, description?: string): Promise<void>
  /** Resolves once the modal is open on `view`. */
  waitForView(view: ViewId): Promise<void>
  /** Destroys the modal and takes the wallets away. */
  dispose(): void
}

/** Builds the test modal and waits until it is ready. */
export async function createTestModal(options: TestModalOptions): Promise<TestModal> {
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window)
  if (!win) throw new Error('createTestModal needs a DOM window: use the happy-dom or jsdom vitest environment, or pass `window`')
  const timeoutMs = options.timeoutMs ?? 10_000
  const wallets = createFakeWallets({ storage: null, window: win, ...options.wallets })
  const installed = wallets.install(win)
  const modal = createModal({ ...options.modal, plugins: options.plugins, storage: options.storage ?? createMemoryAdapter() })
  await modal.ready

  const waitFor = (predicate: (m: Modal) => boolean, description = 'the condition'): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const stores = [modal.state.accounts, modal.state.network, modal.state.connection, modal.state.connectors, modal.get(KernelTokens.Modal).store]
      const unsubscribes: Array<() => void> = []
      const finish = (error?: Error): void => {
        clearTimeout(timer)
        for (const u of unsubscribes.splice(0)) u()
        if (error) reject(error)
        else resolve()
      }
      const check = (): void => {
        try {
          if (predicate(modal)) finish()
        } catch (error) {
          finish(error as Error)
        }
      }
      const timer = setTimeout(() => finish(new Error(`createTestModal: ${description} did not happen within ${timeoutMs} ms`)), timeoutMs)
      for (const store of stores) unsubscribes.push(store.subscribe(check))
      unsubscribes.push(modal.router.subscribe(check))
      check()
    })

  const connectorFor = (namespace: ChainNamespace) => {
    const connector = modal.state.connectors
      .getSnapshot()
      .connectors.find((c) => c.chain === namespace && c.name === (options.wallets?.name ?? 'Portico Dev Wallet'))
    return connector
  }

  const drivers = options.drivers ?? {}
  const hasWallet = (ns: ChainNamespace | undefined): ns is ChainNamespace =>
    ns !== undefined && (drivers[ns] !== undefined || wallets.namespaces.includes(ns as FakeNamespace))

  return {
    modal,
    wallets,
    async connect({ namespace, answer = 'approve' } = {}) {
      const ns = namespace ?? options.plugins.map((p) => p.namespace).find(hasWallet)
      if (!hasWallet(ns)) {
        const builtIn = `portico/testing has fake wallets for ${FAKE_WALLET_NAMESPACES.join(', ')}`
        throw new Error(
          ns === undefined
            ? `createTestModal: no plugin namespace has a fake wallet or a driver; pass \`namespace\` and \`drivers\` (${builtIn})`
            : `createTestModal: no wallet for namespace "${ns}": pass a WalletDriver for it in \`drivers: { ${ns}: ... }\` (${builtIn})`,
        )
      }
      const driver = drivers[ns]
      if (driver) {
        await waitFor((m) => m.state.connector(driver.connectorId) !== undefined, `the connector "${driver.connectorId}" of the ${ns} driver`)
        await (answer === 'approve' ? driver.approveNext() : driver.rejectNext())
        return modal.connection.connect(driver.connectorId, ns)
      }
      await waitFor(() => connectorFor(ns) !== undefined, `the fake ${ns} wallet's connector`)
      const result = modal.connection.connect(connectorFor(ns)!.id, ns)
      const request = await Promise.race([wallets.nextRequest({ namespace: ns as FakeNamespace, timeoutMs }), result.then(() => undefined)])
      if (request) {
        if (answer === 'approve') wallets.approve(request.id)
        else wallets.reject(request.id)
      }
      return result
    },
    address(namespace) {
      const accounts = modal.state.accounts.getSnapshot().byNamespace
      const ns = namespace ?? modal.state.network.getSnapshot().activeNamespace
      return ns ? accounts[ns]?.address ?? undefined : undefined
    },
    view() {
      return { view: modal.router.current.view, open: modal.get(KernelTokens.Modal).store.getSnapshot().open }
    },
    waitFor,
    waitForView(view) {
      return waitFor((m) => m.get(KernelTokens.Modal).store.getSnapshot().open && m.router.current.view === view, `the ${view} view`)
    },
    dispose() {
      modal.destroy()
      installed.dispose()
    },
  }
}
