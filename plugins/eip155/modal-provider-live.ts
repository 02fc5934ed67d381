/**
 * The working part of `modal.getProvider('eip155')` (modal-provider.ts): the requests and the events that follow the
 * connection. Loaded on the first getProvider call, so a host that never calls it does not load it.
 */
import { ProviderRpcError, type PluginContext } from 'portico/plugin'
import type { Listener, ModalProviderEvents, Send, Snapshot } from './modal-provider.ts'

/**
 * Starts following the connection from `first` (what was connected when the provider was created): the events of
 * every change since then are emitted at once, the later ones as they happen.
 */
export function followConnection(
  ctx: Pick<PluginContext, 'state' | 'connection'>,
  send: Send,
  listeners: Map<keyof ModalProviderEvents, Set<Listener>>,
  first: Snapshot | undefined,
  current: () => Snapshot | undefined,
): { request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>; dispose(): void } {
  const emit = <E extends keyof ModalProviderEvents>(event: E, ...args: ModalProviderEvents[E]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        ;(listener as unknown as (...a: ModalProviderEvents[E]) => void)(...args)
      } catch {
        // A host's listener that throws must not stop the others (as the modal's own event bus does).
      }
    }
  }
  let last = first
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
  check()

  return {
    async request({ method, params }) {
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
          const network = ctx.state.networks('eip155').find((n) => `0x${Number(n.id).toString(16)}` === String(chainId).toLowerCase())
          if (!network) throw new ProviderRpcError(4902, `Unrecognized chain ID "${chainId}".`)
          await ctx.connection.switchNetwork(network)
          return null
        }
        default:
          return send({ method, params: Array.isArray(params) ? params : params === undefined ? [] : [params] })
      }
    },
    dispose() {
      for (const u of unsubscribe) u()
    },
  }
}
