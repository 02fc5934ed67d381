import { ErrorText, type AccountEntry, type CaipNetwork, type Connector, type ConnectorEmitter, type ConnectResult } from 'portico/plugin'
import { decodeBitcoinAddress } from './address.ts'
import { networkName } from './networks.ts'
import type { BitcoinAccount, BitcoinWallet } from './wallets.ts'

/** SPEC §5: switching needs an address. */
export const SWITCH_NEEDS_ADDRESS = 'Switching needs an address'

/** A bitcoin wallet as a kernel connector: its payment account is the active one, its ordinals account listed too. */
export class Bip122Connector implements Connector {
  readonly chain = 'bip122' as const
  readonly id: string
  readonly name: string
  readonly type: 'ANNOUNCED' | 'INJECTED'
  readonly imageUrl?: string
  /** The accounts the wallet shared, the active one first. */
  accounts: BitcoinAccount[] = []
  private unsubscribe: (() => void) | undefined

  constructor(
    readonly wallet: BitcoinWallet,
    private readonly networks: readonly CaipNetwork[],
    private readonly emitter: ConnectorEmitter,
  ) {
    this.id = `bip122:${wallet.id}`
    this.name = wallet.name
    this.type = wallet.type ?? 'ANNOUNCED'
    this.imageUrl = wallet.icon
  }

  async connect({ caipNetwork }: { caipNetwork?: CaipNetwork }): Promise<ConnectResult> {
    const network = caipNetwork?.chainNamespace === 'bip122' ? caipNetwork : this.networks[0]!
    return this.session(await this.wallet.connect(network), network)
  }

  async reconnect({ caipNetwork }: { caipNetwork?: CaipNetwork }): Promise<ConnectResult | undefined> {
    const accounts = this.wallet.authorizedAccounts?.()
    if (!accounts?.length) return undefined
    return this.session(accounts, caipNetwork?.chainNamespace === 'bip122' ? caipNetwork : this.networks[0]!)
  }

  async disconnect(): Promise<void> {
    this.dispose()
    this.accounts = []
    await this.wallet.disconnect?.().catch(() => undefined)
  }

  dispose(): void {
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }

  /** The account of an address the wallet shared. */
  account(address: string): BitcoinAccount | undefined {
    return this.accounts.find((a) => a.address === address)
  }

  /**
   * SPEC §5 Bitcoin switching: needs an address and only payment-type accounts ("Switching to non-payment accounts is
   * not allowed", SPEC §8). The chosen account becomes the active one.
   */
  switchAccount(address: string | undefined): void {
    if (!address) throw new Error(SWITCH_NEEDS_ADDRESS)
    const target = this.account(address)
    if (!target) throw new Error(`${this.name} has not shared ${address}`)
    if (target.purpose !== 'payment') throw new Error(ErrorText.NON_PAYMENT_ACCOUNT_SWITCH_NOT_ALLOWED)
    this.accounts = [target, ...this.accounts.filter((a) => a !== target)]
    this.emitter.emit('change', { namespace: 'bip122', accounts: this.accounts.map(toEntry) })
  }

  private session(accounts: BitcoinAccount[], requested: CaipNetwork): ConnectResult {
    // The payment account is the active one (SPEC §5: only payment accounts can be switched to).
    const ordered = [...accounts.filter((a) => a.purpose === 'payment'), ...accounts.filter((a) => a.purpose !== 'payment')]
    if (!ordered.length || ordered[0]!.purpose !== 'payment') throw new Error(`${this.name} shared no payment address`)
    this.accounts = ordered
    this.listen()
    return { accounts: ordered.map(toEntry), caipNetworkId: this.networkOf(ordered[0]!.address, requested).caipNetworkId }
  }

  /** The wallet decides the network; its address tells which (testnet and regtest share base58 versions). */
  private networkOf(address: string, requested: CaipNetwork): CaipNetwork {
    const families = decodeBitcoinAddress(address)?.networks ?? []
    if (families.includes(networkName(requested))) return requested
    return this.networks.find((n) => families.includes(networkName(n))) ?? requested
  }

  private listen(): void {
    if (this.unsubscribe || !this.wallet.onAccountsChanged) return
    this.unsubscribe = this.wallet.onAccountsChanged((accounts) => {
      const ordered = [...accounts.filter((a) => a.purpose === 'payment'), ...accounts.filter((a) => a.purpose !== 'payment')]
      this.accounts = ordered
      this.emitter.emit('change', { namespace: 'bip122', accounts: ordered.map(toEntry) })
    })
  }
}

function toEntry(account: BitcoinAccount): AccountEntry {
  return { namespace: 'bip122', address: account.address, type: 'eoa', ...(account.publicKey ? { publicKey: account.publicKey } : {}) }
}
