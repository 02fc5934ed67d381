import { ProviderRpcError, type PluginContext } from 'portico'

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

type Listener = (...args: never[]) => void
type Send = (args: { method: string; params?: readonly unknown[] }) => Promise<unknown>

/**
 * What the provider reads: the modal's state and connection API (a plugin context), and `send`, the plugin's
 * `eip155:request` (the connected wallet, the HTTP RPC for what it does not serve).
 */
export function createModalProvider(ctx: Pick<PluginContext, 'state' | 'connection'>, send: Send): ModalEip1193Provider & { dispose(): void } {
  const listeners = new Map<keyof ModalProviderEvents, Set<Listener>>()
  const emit = <E extends keyof ModalProviderEvents>(event: E, ...args: ModalProviderEvents[E]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        ;(listener as unknown as (...a: ModalProviderEvents[E]) => void)(...args)
      } catch {
        // A host's listener that throws must not stop the others (as the modal's own event bus does).
      }
    }
  }
  const current = () => {
    const active = ctx.connection.active('eip155')
    return active ? { address: active.address as `0x${string}`, chainId: toHex(Number(active.network.id)) } : undefined
  }
  let last = current()
  const check = () => {
    const next = current()
    const before = last
    last = next
    if (!before && next) {
      emit('connect', { chainId: next.chainId })
      emit('chainChanged', next.chainId)
      emit('accountsChanged', [next.address])
    } else if (before && !next) {
      emit('accountsChanged', [])
      emit('disconnect', new ProviderRpcError(4900, 'The provider is disconnected from all chains.'))
    } else if (before && next) {
      if (before.chainId !== next.chainId) emit('chainChanged', next.chainId)
      if (before.address.toLowerCase() !== next.address.toLowerCase()) emit('accountsChanged', [next.address])
    }
  }
  const unsubscribe = [ctx.state.accounts.subscribe(check), ctx.state.network.subscribe(check), ctx.state.connection.subscribe(check)]

  const provider = {
    async request({ method, params }: { method: string; params?: readonly unknown[] | object }): Promise<unknown> {
      const connected = current()
      if (!connected) throw new ProviderRpcError(4900, 'The provider is disconnected from all chains.')
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [connected.address]
        case 'eth_chainId':
          return connected.chainId
        case 'wallet_switchEthereumChain': {
          const [{ chainId } = { chainId: '' }] = (params ?? []) as [{ chainId: string }?]
          const network = ctx.state.networks('eip155').find((n) => toHex(Number(n.id)) === String(chainId).toLowerCase())
          if (!network) throw new ProviderRpcError(4902, `Unrecognized chain ID "${chainId}".`)
          await ctx.connection.switchNetwork(network)
          return null
        }
        default:
          return send({ method, params: Array.isArray(params) ? params : params === undefined ? [] : [params] })
      }
    },
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
      for (const u of unsubscribe) u()
      listeners.clear()
    },
  }
  return provider as unknown as ModalEip1193Provider & { dispose(): void }
}

function toHex(n: number): `0x${string}` {
  return `0x${n.toString(16)}`
}
