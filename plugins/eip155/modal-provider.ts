import type { PluginContext, ProviderRpcError } from 'portico/plugin'

/** EIP-1193 events of `modal.getProvider('eip155')`. */
export interface ModalProviderEvents {
  connect: [info: { chainId: `0x${string}` }]
  disconnect: [error: ProviderRpcError]
  accountsChanged: [accounts: `0x${string}`[]]
  chainChanged: [chainId: `0x${string}`]
}

/**
 * The EIP-1193 provider of the modal's eip155 connection (`modal.getProvider('eip155')`), for viem's `custom()`
 * transport, ethers' `BrowserProvider` or wagmi. It follows whichever wallet is connected (injected, WalletConnect,
 * embedded), so it outlives connections: requests while no eip155 account is connected reject with 4900.
 */
export interface ModalEip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>
  on<E extends keyof ModalProviderEvents>(event: E, listener: (...args: ModalProviderEvents[E]) => void): this
  removeListener<E extends keyof ModalProviderEvents>(event: E, listener: (...args: ModalProviderEvents[E]) => void): this
}

export type Listener = (...args: never[]) => void
export type Send = (args: { method: string; params?: readonly unknown[] }) => Promise<unknown>
/** The connected eip155 account and chain, as the provider reports them. */
export interface Snapshot {
  address: `0x${string}`
  chainId: `0x${string}`
}

/**
 * What the provider reads: the modal's state and connection API (a plugin context), and `send`, the plugin's
 * `eip155:request` (the connected wallet, the HTTP RPC for what it does not serve). The requests and the events live in
 * modal-provider-live.ts, loaded when the provider is created (the first `getProvider('eip155')`); what was connected
 * at that moment is noted here, so the events of any change while it loads are emitted once it has loaded, and
 * requests wait for it.
 */
export function createModalProvider(ctx: Pick<PluginContext, 'state' | 'connection'>, send: Send): ModalEip1193Provider & { dispose(): void } {
  const listeners = new Map<keyof ModalProviderEvents, Set<Listener>>()
  const current = (): Snapshot | undefined => {
    const active = ctx.connection.active('eip155')
    return active ? { address: active.address as `0x${string}`, chainId: `0x${Number(active.network.id).toString(16)}` } : undefined
  }
  const first = current()
  const live = import('./modal-provider-live.ts').then((m) => m.followConnection(ctx, send, listeners, first, current))
  const provider = {
    request: (args: { method: string; params?: readonly unknown[] | object }) => live.then((l) => l.request(args)),
    on(event: keyof ModalProviderEvents, listener: Listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return provider
    },
    removeListener(event: keyof ModalProviderEvents, listener: Listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    dispose() {
      listeners.clear()
      void live.then((l) => l.dispose())
    },
  }
  return provider as unknown as ModalEip1193Provider & { dispose(): void }
}
