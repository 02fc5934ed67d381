import type { AccountEntry, CaipNetwork, Connector, ConnectorEmitter, ConnectorType, ConnectResult } from 'portico/plugin'
import { hasEvmAddressForm } from './address-form.ts'
import { errorCode, type Eip1193Provider } from './provider.ts'

/** An EIP-1193 wallet as a kernel connector (EIP-6963 ANNOUNCED, or the legacy window.ethereum as INJECTED). */
export class InjectedConnector implements Connector {
  readonly chain = 'eip155' as const
  private unsubscribe: (() => void) | undefined

  constructor(
    readonly id: string,
    readonly name: string,
    readonly type: ConnectorType,
    readonly provider: Eip1193Provider,
    private readonly emitter: ConnectorEmitter,
    readonly imageUrl?: string,
    readonly info?: { rdns?: string },
  ) {}

  async connect(): Promise<ConnectResult> {
    const accounts = await this.provider.request({ method: 'eth_requestAccounts' })
    return this.session(accounts)
  }

  /** No prompt: eth_accounts answers the accounts the wallet still grants. */
  async reconnect(): Promise<ConnectResult | undefined> {
    const accounts = await this.provider.request({ method: 'eth_accounts' })
    if (!Array.isArray(accounts) || accounts.length === 0) return undefined
    return this.session(accounts)
  }

  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown> {
    return this.provider.request({ method: args.method, params: args.params })
  }

  /** Stops listening to the wallet (when the connector is unregistered). */
  dispose(): void {
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }

  async disconnect(): Promise<void> {
    this.dispose()
    await this.provider
      .request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
      .catch(() => undefined)
  }

  /** SPEC §4: asks the wallet to switch; an unknown chain (4902) is added first, then switched to. */
  async switchNetwork(network: CaipNetwork): Promise<void> {
    const chainId = `0x${Number(network.id).toString(16)}`
    try {
      await this.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    } catch (error) {
      if (errorCode(error) !== 4902) throw error
      await this.provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: network.rpcUrls.default.http,
            blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : undefined,
          },
        ],
      })
      await this.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    }
  }

  private async session(accounts: unknown): Promise<ConnectResult> {
    const entries = toAccounts(accounts)
    if (!entries.length) throw new Error('The wallet returned no accounts')
    const chainId = await this.provider.request({ method: 'eth_chainId' })
    this.listen()
    return { accounts: entries, caipNetworkId: `eip155:${parseChainId(chainId)}` }
  }

  private listen(): void {
    if (this.unsubscribe || !this.provider.on) return
    const onAccounts = (accounts: unknown) => this.emitter.emit('change', { namespace: 'eip155', accounts: toAccounts(accounts) })
    const onChain = (chainId: unknown) => this.emitter.emit('change', { namespace: 'eip155', caipNetworkId: `eip155:${parseChainId(chainId)}` })
    const onDisconnect = () => this.emitter.emit('disconnect', { namespace: 'eip155' })
    this.provider.on('accountsChanged', onAccounts as never)
    this.provider.on('chainChanged', onChain as never)
    this.provider.on('disconnect', onDisconnect as never)
    this.unsubscribe = () => {
      this.provider.removeListener?.('accountsChanged', onAccounts as never)
      this.provider.removeListener?.('chainChanged', onChain as never)
      this.provider.removeListener?.('disconnect', onDisconnect as never)
    }
  }
}

/** Accepts only well-formed addresses from the wallet. */
function toAccounts(value: unknown): AccountEntry[] {
  if (!Array.isArray(value)) return []
  return value
    .filter((a): a is string => typeof a === 'string' && hasEvmAddressForm(a))
    .map((address) => ({ namespace: 'eip155', address, type: 'eoa' }))
}

/** eth_chainId answers hex; some wallets answer decimal numbers or strings. */
export function parseChainId(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`The wallet reported an invalid chain id: ${String(value)}`)
  return n
}
