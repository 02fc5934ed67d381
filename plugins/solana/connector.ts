import { base58, base64 } from '@scure/base'
import type { WalletAccount } from '@wallet-standard/base'
import { ProviderRpcError, type AccountEntry, type CaipNetwork, type Connector, type ConnectorEmitter, type ConnectRequest, type ConnectResult } from 'portico/plugin'
import { isSolanaAddress } from './address.ts'
import type { SolanaSendOptions, SolanaStandardWallet } from './wallet-standard.ts'

/** What the connector needs from the plugin: the default network and how a network reads as a wallet chain. */
export interface WalletStandardConnectorDeps {
  defaultNetwork(): CaipNetwork | undefined
  standardChain(caipNetworkId: string): string
}

/** The connector id of a Wallet Standard wallet. */
export function walletStandardConnectorId(name: string): string {
  return `wallet-standard:${name}`
}

/**
 * A Wallet Standard wallet as a solana connector: standard:connect (silent on reconnect), standard:disconnect,
 * standard:events, and the solana:signMessage / signTransaction / signAndSendTransaction features behind the
 * WalletConnect-shaped methods `solana_signMessage`, `solana_signTransaction`, `solana_signAndSendTransaction`.
 * Anything else answers 4200 so the plugin falls back to the HTTP RPC (SPEC §5).
 */
export class WalletStandardConnector implements Connector {
  readonly chain = 'solana' as const
  readonly type = 'ANNOUNCED' as const
  readonly id: string
  readonly name: string
  readonly imageUrl?: string
  private accounts: readonly WalletAccount[] = []
  private unsubscribe: (() => void) | undefined

  constructor(
    readonly wallet: SolanaStandardWallet,
    private readonly emitter: ConnectorEmitter,
    private readonly deps: WalletStandardConnectorDeps,
    imageUrl?: string,
  ) {
    this.id = walletStandardConnectorId(wallet.name)
    this.name = wallet.name
    this.imageUrl = imageUrl
  }

  async connect(request: ConnectRequest): Promise<ConnectResult> {
    const { accounts } = await this.wallet.features['standard:connect'].connect()
    const result = this.session(accounts, request)
    if (!result) throw new Error('The wallet returned no Solana accounts')
    return result
  }

  /** No prompt: `silent: true` answers only the accounts the wallet still grants this site. */
  async reconnect(request: ConnectRequest): Promise<ConnectResult | undefined> {
    const { accounts } = await this.wallet.features['standard:connect'].connect({ silent: true })
    return this.session(accounts, request)
  }

  async disconnect(): Promise<void> {
    this.dispose()
    this.accounts = []
    await this.wallet.features['standard:disconnect']?.disconnect()
  }

  dispose(): void {
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }

  async request(args: { namespace: string; caipNetworkId: string; method: string; params?: readonly unknown[] | object }): Promise<unknown> {
    const params = (Array.isArray(args.params) ? args.params[0] : args.params) as Record<string, unknown> | undefined
    const account = this.accountFor(typeof params?.pubkey === 'string' ? params.pubkey : undefined)
    const features = this.wallet.features
    switch (args.method) {
      case 'solana_signMessage': {
        const feature = features['solana:signMessage']
        if (!feature) break
        const message = base58.decode(String(params?.message ?? ''))
        const [output] = await feature.signMessage({ account, message })
        if (!output) throw new Error('The wallet returned no signature')
        return { signature: base58.encode(output.signature) }
      }
      case 'solana_signTransaction': {
        const feature = features['solana:signTransaction']
        if (!feature) break
        const transaction = base64.decode(String(params?.transaction ?? ''))
        const [output] = await feature.signTransaction({ account, transaction, chain: this.deps.standardChain(args.caipNetworkId) })
        if (!output) throw new Error('The wallet returned no transaction')
        return { transaction: base64.encode(output.signedTransaction), signature: firstSignature(output.signedTransaction) }
      }
      case 'solana_signAndSendTransaction': {
        const feature = features['solana:signAndSendTransaction']
        if (!feature) break
        const transaction = base64.decode(String(params?.transaction ?? ''))
        const options = params?.sendOptions as SolanaSendOptions | undefined
        const [output] = await feature.signAndSendTransaction({ account, transaction, chain: this.deps.standardChain(args.caipNetworkId), options })
        if (!output) throw new Error('The wallet returned no signature')
        return { signature: base58.encode(output.signature) }
      }
    }
    throw new ProviderRpcError(4200, `${this.name} does not support ${args.method}`)
  }

  private accountFor(address: string | undefined): WalletAccount {
    const account = address ? this.accounts.find((a) => a.address === address) : this.accounts[0]
    if (!account) throw new ProviderRpcError(4100, 'Please connect a wallet first')
    return account
  }

  private session(accounts: readonly WalletAccount[], request: ConnectRequest): ConnectResult | undefined {
    const solana = accounts.filter(isSolanaAccount)
    if (!solana.length) return undefined
    this.accounts = solana
    this.listen()
    const network = request.caipNetwork?.chainNamespace === 'solana' ? request.caipNetwork : this.deps.defaultNetwork()
    if (!network) throw new Error('No Solana network is configured')
    return { accounts: solana.map(toEntry), caipNetworkId: network.caipNetworkId }
  }

  private listen(): void {
    const events = this.wallet.features['standard:events']
    if (this.unsubscribe || !events) return
    this.unsubscribe = events.on('change', ({ accounts }) => {
      if (!accounts) return
      const solana = accounts.filter(isSolanaAccount)
      this.accounts = solana
      this.emitter.emit('change', { namespace: 'solana', accounts: solana.map(toEntry) })
    })
  }
}

/** Only well-formed base58 addresses with a Solana chain (or no chains listed) are kept. */
function isSolanaAccount(account: WalletAccount): boolean {
  if (!account || typeof account.address !== 'string' || !isSolanaAddress(account.address)) return false
  const chains = Array.isArray(account.chains) ? account.chains : []
  return chains.length === 0 || chains.some((c) => typeof c === 'string' && c.startsWith('solana:'))
}

function toEntry(account: WalletAccount): AccountEntry {
  return { namespace: 'solana', address: account.address, type: 'eoa', publicKey: base58.encode(Uint8Array.from(account.publicKey)) }
}

/** The fee payer's signature of a wire transaction (compact-u16 count, then 64-byte signatures), base58. */
export function firstSignature(wire: Uint8Array): string {
  let count = 0
  let shift = 0
  let offset = 0
  for (;;) {
    const byte = wire[offset++]
    if (byte === undefined) throw new Error('Truncated transaction')
    count |= (byte & 0x7f) << shift
    if (!(byte & 0x80)) break
    shift += 7
  }
  if (count < 1 || wire.length < offset + 64) throw new Error('The transaction carries no signature')
  return base58.encode(wire.subarray(offset, offset + 64))
}
