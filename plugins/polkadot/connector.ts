import type { AccountEntry, CaipNetwork, ConnectResult, Connector, ConnectorEmitter, ConnectRequest } from 'portico/plugin'
import { reencodeSs58 } from './address.ts'
import type { Injected, InjectedAccount, InjectedWindowProvider } from './injected.ts'

export interface PolkadotConnectorDeps {
  /** The network to connect when the kernel names none. */
  defaultNetwork(): CaipNetwork
  /** The SS58 prefix of a network (from the options, or asked of the chain). */
  ss58Prefix(network: CaipNetwork): Promise<number>
  /** The name the wallet shows the user when asked for access. */
  appName: string
}

export const polkadotConnectorId = (key: string) => `polkadot:${key}`

/** One injectedWeb3 entry as a connector: enable, accounts (re-encoded per network), the wallet's signer. */
export class InjectedPolkadotConnector implements Connector {
  readonly type = 'INJECTED' as const
  readonly chain = 'polkadot' as const
  readonly id: string
  readonly name: string
  private injected: Injected | undefined
  private unsubscribe: (() => void) | undefined
  private network: CaipNetwork | undefined
  private prefix = 42
  /** The wallet's accounts as it reported them (any prefix). */
  private raw: InjectedAccount[] = []
  private generation = 0

  constructor(
    readonly key: string,
    name: string,
    private readonly provider: InjectedWindowProvider,
    private readonly emitter: ConnectorEmitter,
    private readonly deps: PolkadotConnectorDeps,
  ) {
    this.id = polkadotConnectorId(key)
    this.name = name
  }

  /** The wallet's signer once connected (signRaw, signPayload). */
  get signer(): Injected['signer'] | undefined {
    return this.injected?.signer
  }

  async connect({ caipNetwork }: ConnectRequest): Promise<ConnectResult> {
    const network = caipNetwork ?? this.deps.defaultNetwork()
    const generation = ++this.generation
    const injected = await this.provider.enable(this.deps.appName)
    const [accounts, prefix] = await Promise.all([injected.accounts.get(), this.deps.ss58Prefix(network)])
    if (generation !== this.generation) throw new Error('Connection superseded')
    this.injected = injected
    this.network = network
    this.prefix = prefix
    this.raw = accounts
    const entries = this.entries()
    if (!entries.length) throw new Error(`${this.name} has no account for ${network.name}`)
    this.unsubscribe?.()
    this.unsubscribe = injected.accounts.subscribe((next) => {
      if (generation !== this.generation) return
      this.raw = next
      this.emitter.emit('change', { namespace: 'polkadot', accounts: this.entries() })
    })
    return { accounts: entries, caipNetworkId: network.caipNetworkId }
  }

  /**
   * The extension interface has no silent check: like every Polkadot dapp on load, this calls enable() again, which an
   * extension answers without a prompt for a site the user already authorized. No account: the session is gone.
   */
  async reconnect(request: ConnectRequest): Promise<ConnectResult | undefined> {
    try {
      return await this.connect(request)
    } catch {
      return undefined
    }
  }

  async disconnect(): Promise<void> {
    this.generation++
    this.injected = undefined
    this.network = undefined
    this.raw = []
    this.dispose()
  }

  /** The extension interface has no chain switch: the same keys are shown under the new network's prefix. */
  async switchNetwork(network: CaipNetwork): Promise<void> {
    const prefix = await this.deps.ss58Prefix(network)
    this.network = network
    this.prefix = prefix
    if (!this.injected) return
    this.emitter.emit('change', { namespace: 'polkadot', caipNetworkId: network.caipNetworkId, accounts: this.entries() })
  }

  dispose(): void {
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }

  /** Accounts usable on the current network, SS58-encoded with its prefix (ethereum-type accounts left out). */
  private entries(): AccountEntry[] {
    const reference = this.network?.caipNetworkId.split(':')[1] ?? ''
    const out: AccountEntry[] = []
    for (const account of this.raw) {
      if (account.type === 'ethereum') continue
      // An account the user tied to one chain (genesisHash) is offered on that chain only.
      if (account.genesisHash && !account.genesisHash.toLowerCase().startsWith(`0x${reference.toLowerCase()}`)) continue
      const address = reencodeSs58(account.address, this.prefix)
      if (address) out.push({ namespace: 'polkadot', address, type: 'eoa' })
    }
    return out
  }
}
