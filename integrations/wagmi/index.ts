/**
 * portico/wagmi: Portico's modal as a wagmi connector, for wagmi 2 (^2.14) and wagmi 3. wagmi is an optional peer: only
 * a host that imports this entry needs it, and only its types are read (the connector is a plain function).
 * @example createConfig({ chains: [mainnet], connectors: [porticoConnector(modal)], transports: { [mainnet.id]: http() } })
 */
import type { CreateConnectorFn } from 'wagmi'
import { getAddress, SwitchChainError, UserRejectedRequestError, type Address, type Chain } from 'viem'
import type { Modal } from 'portico'
import type { ModalEip1193Provider } from 'portico/plugins/eip155'

export interface PorticoConnectorOptions {
  /** The connector's id in wagmi. @default 'portico' */
  id?: string
  /** The connector's name in wagmi. @default 'Portico' */
  name?: string
}

type WagmiConnectorFn = CreateConnectorFn<ModalEip1193Provider>

/**
 * wagmi's `CreateConnectorFn`, taking only what both majors hand a connector (wagmi 3 adds `providers`, which this
 * connector does not read), so one function fits `createConfig` of wagmi 2 and of wagmi 3.
 */
export type PorticoConnectorFn = (config: Omit<Parameters<WagmiConnectorFn>[0], 'providers'>) => ReturnType<WagmiConnectorFn>

/** The eip155 account and chain id the modal is connected with, if any. */
function connected(modal: Modal): { address: Address; chainId: number } | undefined {
  const active = modal.connection.active('eip155')
  return active ? { address: getAddress(active.address), chainId: Number(active.network.id) } : undefined
}

/** Opens the modal on Connect and resolves when an eip155 account connects; closing it first rejects (4001). */
function connectThroughModal(modal: Modal): Promise<{ address: Address; chainId: number }> {
  return new Promise((resolve, reject) => {
    const stop: Array<() => void> = []
    const done = () => stop.forEach((s) => s())
    const check = () => {
      const now = connected(modal)
      if (!now) return
      done()
      resolve(now)
    }
    stop.push(modal.state.accounts.subscribe(check), modal.state.connection.subscribe(check))
    const closing = modal.events.on('modal:close', () => {
      // The modal closes itself after a successful connection (closeOnConnect): connected wins over closed.
      if (connected(modal)) return check()
      done()
      reject(new UserRejectedRequestError(new Error('The user closed the modal.')))
    })
    stop.push(() => closing.dispose())
    modal.open({ view: 'Connect', namespace: 'eip155' })
  })
}

/**
 * A wagmi connector (id `portico`, name `Portico`) backed by a Portico modal with the eip155 plugin: `connect` opens the
 * modal and resolves when the user connects any eip155 wallet (injected, WalletConnect, embedded); a connection made
 * from Portico's own button shows in wagmi too; network switches and disconnects go both ways; after a reload wagmi's
 * reconnect restores the connection Portico restored, without a prompt.
 */
export function porticoConnector(modal: Modal, options: PorticoConnectorOptions = {}): PorticoConnectorFn {
  return (config) => {
    const provider = (): ModalEip1193Provider => modal.getProvider('eip155')
    let listening = false
    const connector = {
      id: options.id ?? 'portico',
      name: options.name ?? 'Portico',
      type: 'portico',

      async setup() {
        await modal.ready
        if (listening) return
        listening = true
        // Events of the modal's provider reach wagmi whichever side made the change.
        const p = provider()
        p.on('connect', (info) => connector.onConnect({ chainId: info.chainId }))
        p.on('accountsChanged', (accounts) => connector.onAccountsChanged(accounts))
        p.on('chainChanged', (chainId) => connector.onChainChanged(chainId))
        p.on('disconnect', () => connector.onDisconnect())
      },

      async connect(parameters: { chainId?: number | undefined; isReconnecting?: boolean | undefined; withCapabilities?: boolean | undefined } = {}) {
        await modal.ready
        let now = connected(modal)
        if (!now) {
          if (parameters.isReconnecting) throw new Error('Portico has no eip155 connection to restore')
          now = await connectThroughModal(modal)
        }
        if (parameters.chainId !== undefined && parameters.chainId !== now.chainId) {
          await connector.switchChain({ chainId: parameters.chainId })
          now = connected(modal) ?? now
        }
        const accounts = parameters.withCapabilities ? [{ address: now.address, capabilities: {} }] : [now.address]
        return { accounts, chainId: now.chainId } as never
      },

      async disconnect() {
        await modal.connection.disconnect()
      },

      async getAccounts() {
        await modal.ready
        const now = connected(modal)
        return now ? [now.address] : []
      },

      async getChainId() {
        await modal.ready
        const now = connected(modal)
        if (now) return now.chainId
        const network = modal.state.network.getSnapshot().byNamespace.eip155?.caipNetwork
        return Number(network?.id ?? config.chains[0].id)
      },

      async getProvider() {
        await modal.ready
        return provider()
      },

      async isAuthorized() {
        try {
          await modal.ready
        } catch {
          return false
        }
        return connected(modal) !== undefined
      },

      async switchChain({ chainId }: { chainId: number }): Promise<Chain> {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw new SwitchChainError(new Error(`Chain ${chainId} is not in wagmi's config`))
        const network = modal.state.networks('eip155').find((n) => Number(n.id) === chainId)
        if (!network) throw new SwitchChainError(new Error(`Chain ${chainId} is not one of the modal's networks`))
        try {
          await modal.connection.switchNetwork(network)
        } catch (error) {
          if ((error as { code?: unknown })?.code === 4001) throw new UserRejectedRequestError(error as Error)
          throw new SwitchChainError(error as Error)
        }
        config.emitter.emit('change', { chainId })
        return chain
      },

      onAccountsChanged(accounts: string[]) {
        if (accounts.length === 0) connector.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
      },

      onChainChanged(chainId: string) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },

      onConnect(info: { chainId: string }) {
        const now = connected(modal)
        if (now) config.emitter.emit('connect', { accounts: [now.address], chainId: Number(info.chainId) })
      },

      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
    return connector
  }
}
