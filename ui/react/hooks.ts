import { useCallback } from 'react'
import {
  KernelTokens,
  networkImageUrl,
  type AccountState,
  type CaipNetwork,
  type ChainNamespace,
  type Connection,
  type ConnectionState,
  type ModalState,
  type OpenOptions,
  type ViewId,
} from '../../kernel/index.ts'
import { useModalInstance, useService, useStore } from './context.tsx'

/** Opens and closes the modal. @example const { open } = useModal(); open({ view: 'Account' }) */
export function useModal(): { open(options?: OpenOptions): void; close(): void; isOpen: boolean } {
  const modal = useModalInstance()
  const state = useStore(modal.get(KernelTokens.Modal).store)
  const open = useCallback((o?: OpenOptions) => modal.open(o), [modal])
  const close = useCallback(() => modal.close(), [modal])
  return { open, close, isOpen: state.open }
}

/** Modal flags and the current view. */
export function useModalState(): ModalState & { view: ViewId; activeNamespace?: ChainNamespace } {
  const modal = useModalInstance()
  const state = useStore(modal.get(KernelTokens.Modal).store)
  const stack = useStore(modal.router)
  const network = useStore(modal.get(KernelTokens.Network).store)
  return { ...state, view: stack[stack.length - 1]?.view ?? 'Connect', activeNamespace: network.activeNamespace }
}

/**
 * SPEC §3 account state of a namespace (the active one by default), with the namespace's `connections`: several
 * wallets may be connected in one namespace; the first is the active one, whose account this is (switch with
 * `useConnection().switchConnection`).
 */
export function useAccount(options: { namespace?: ChainNamespace } = {}): AccountState & {
  isConnected: boolean
  namespace?: ChainNamespace
  connections: readonly Connection[]
} {
  const network = useStore(useService(KernelTokens.Network).store)
  const accounts = useStore(useService(KernelTokens.Account).store)
  const connection = useStore(useService(KernelTokens.Connection).store)
  const namespace = options.namespace ?? network.activeNamespace
  const state = (namespace && accounts.byNamespace[namespace]) || EMPTY
  return {
    ...state,
    namespace,
    isConnected: Boolean(state.address),
    connections: (namespace && connection.connections[namespace]) || NONE,
  }
}

/** The active network, the requested networks and a switch function. */
export function useNetwork(): {
  caipNetwork?: CaipNetwork
  networks: readonly CaipNetwork[]
  unsupportedChainId?: string
  switchNetwork(network: CaipNetwork): Promise<void>
} {
  const controller = useService(KernelTokens.Network)
  const state = useStore(controller.store)
  const ns = state.activeNamespace
  const nsState = ns ? state.byNamespace[ns] : undefined
  const connection = useService(KernelTokens.Connection)
  const switchNetwork = useCallback((n: CaipNetwork) => connection.switchNetwork(n), [connection])
  return {
    caipNetwork: nsState?.caipNetwork,
    networks: nsState?.requestedCaipNetworks ?? [],
    unsupportedChainId: state.unsupportedChainId,
    switchNetwork,
  }
}

/** SPEC §3 connection state with connect, disconnect (a namespace, all, or one connector's) and switching. */
export function useConnection(): ConnectionState & {
  connect(connectorId: string, namespace?: ChainNamespace): Promise<unknown>
  disconnect(namespace?: ChainNamespace, connectorId?: string): Promise<void>
  switchConnection(connectorId: string, namespace: ChainNamespace): void
} {
  const controller = useService(KernelTokens.Connection)
  const state = useStore(controller.store)
  const connect = useCallback((id: string, ns?: ChainNamespace) => controller.connect(id, ns), [controller])
  const disconnect = useCallback((ns?: ChainNamespace, id?: string) => controller.disconnect(ns, id), [controller])
  const switchConnection = useCallback((id: string, ns: ChainNamespace) => controller.switchConnection(id, ns), [controller])
  return { ...state, connect, disconnect, switchConnection }
}

const NONE: readonly Connection[] = []
const EMPTY: AccountState = { allAccounts: [], currentTab: 0, status: 'disconnected', balanceLoading: false }

/**
 * Resolves a network's image: its own URL, else the registry's SPEC §7 asset image by its image id (only with a
 * projectId: without one nothing calls a backend and the UI shows the letter tile).
 */
export function useNetworkImage(): (network: { assets?: { imageId?: string; imageUrl?: string } | undefined } | undefined) => string | undefined {
  const modal = useModalInstance()
  const { projectId, endpoints } = useStore(modal.get(KernelTokens.Options).store).options
  return useCallback((network) => networkImageUrl(network, { projectId, endpoints }), [projectId, endpoints])
}
