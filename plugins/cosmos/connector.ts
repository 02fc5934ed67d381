import { ProviderRpcError, type AccountEntry, type CaipNetwork, type Connector, type ConnectorEmitter, type ConnectResult } from 'portico/plugin'
import { base64 } from '@scure/base'
import { isCosmosAddress } from './address.ts'
import { KEYSTORE_CHANGE_EVENT, type KeplrChainInfo, type KeplrWallet } from './keplr.ts'
import type { CosmosChainFacts } from './networks.ts'

/** A network's chain facts with its CAIP-2 id. */
export type Chain = CosmosChainFacts & { caipNetworkId: CaipNetwork['caipNetworkId'] }

/** Where the connector listens for `keplr_keystorechange` (the page's window). */
export type EventWindow = Pick<Window, 'addEventListener' | 'removeEventListener'>

/**
 * A Keplr-style injected wallet as a kernel connector: `enable` asks for access to a chain (after suggesting the
 * chain when the wallet does not know it), `getKey` gives the account, `keplr_keystorechange` reports key switches.
 */
export class KeplrConnector implements Connector {
  readonly type = 'INJECTED' as const
  readonly chain = 'cosmos' as const
  private stopListening: (() => void) | undefined
  /** The chain the connected account belongs to. */
  private current: Chain | undefined

  /** The chain id the connected account belongs to. */
  get chainId(): string | undefined {
    return this.current?.chainId
  }

  constructor(
    readonly id: string,
    readonly name: string,
    readonly wallet: KeplrWallet,
    private readonly facts: (network: CaipNetwork | undefined) => Chain,
    private readonly win: EventWindow | undefined,
    private readonly emitter: ConnectorEmitter,
    readonly imageUrl?: string,
  ) {}

  async connect({ caipNetwork }: { caipNetwork?: CaipNetwork }): Promise<ConnectResult> {
    const chain = this.facts(caipNetwork)
    await this.enable(chain)
    return this.session(chain)
  }

  /** No prompt on a wallet that still grants the chain: getKey answers; anything else means access is gone. */
  async reconnect({ caipNetwork }: { caipNetwork?: CaipNetwork }): Promise<ConnectResult | undefined> {
    const chain = this.facts(caipNetwork)
    try {
      return await this.session(chain)
    } catch {
      return undefined
    }
  }

  async switchNetwork(network: CaipNetwork): Promise<void> {
    const chain = this.facts(network)
    await this.enable(chain)
    const key = await this.account(chain)
    this.emitter.emit('change', { namespace: 'cosmos', accounts: [key] })
  }

  async disconnect(): Promise<void> {
    const chainId = this.current?.chainId
    this.current = undefined
    this.dispose()
    if (chainId) await this.wallet.disable?.(chainId)?.catch(() => undefined)
  }

  dispose(): void {
    this.stopListening?.()
    this.stopListening = undefined
  }

  /** `enable`, suggesting the chain first when the wallet answers that it does not know it. */
  private async enable(chain: CosmosChainFacts): Promise<void> {
    try {
      await this.wallet.enable(chain.chainId)
    } catch (error) {
      const rejection = asRejection(error)
      if (rejection || !this.wallet.experimentalSuggestChain) throw rejection ?? error
      try {
        await this.wallet.experimentalSuggestChain(chainInfo(chain))
        await this.wallet.enable(chain.chainId)
      } catch (second) {
        throw asRejection(second) ?? second
      }
    }
  }

  private async account(chain: Chain): Promise<AccountEntry> {
    const key = await this.wallet.getKey(chain.chainId)
    const address = key?.bech32Address
    if (typeof address !== 'string' || !isCosmosAddress(address, chain.bech32Prefix)) {
      throw new Error(`The wallet returned an invalid ${chain.bech32Prefix} address`)
    }
    this.current = chain
    const entry: AccountEntry = { namespace: 'cosmos', address, type: 'eoa' }
    if (key.pubKey instanceof Uint8Array) entry.publicKey = base64.encode(key.pubKey)
    return entry
  }

  private async session(chain: Chain): Promise<ConnectResult> {
    const entry = await this.account(chain)
    this.listen()
    return { accounts: [entry], caipNetworkId: chain.caipNetworkId }
  }

  private listen(): void {
    if (this.stopListening || !this.win) return
    const win = this.win
    const onChange = () => {
      const chain = this.current
      if (!chain) return
      this.account(chain).then(
        (entry) => this.emitter.emit('change', { namespace: 'cosmos', accounts: [entry] }),
        () => this.emitter.emit('change', { namespace: 'cosmos', accounts: [] }),
      )
    }
    win.addEventListener(KEYSTORE_CHANGE_EVENT, onChange)
    this.stopListening = () => win.removeEventListener(KEYSTORE_CHANGE_EVENT, onChange)
  }
}

/**
 * Keplr rejects with a plain Error('Request rejected'); the kernel recognises a user rejection by code 4001
 * (SPEC §8), so such errors get it. Errors that already carry a code pass through.
 */
export function asRejection(error: unknown): ProviderRpcError | undefined {
  const code = (error as { code?: unknown } | undefined)?.code
  if (code === 4001) return error instanceof ProviderRpcError ? error : new ProviderRpcError(4001, messageOf(error))
  if (code === undefined && /request rejected|rejected by (the )?user|user rejected/i.test(messageOf(error))) {
    return new ProviderRpcError(4001, messageOf(error))
  }
  return undefined
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : typeof (error as { message?: unknown })?.message === 'string' ? (error as { message: string }).message : String(error)
}

/** What `experimentalSuggestChain` needs to add a chain the wallet does not know. */
export function chainInfo(chain: CosmosChainFacts): KeplrChainInfo {
  const p = chain.bech32Prefix
  const currency = { coinDenom: chain.symbol, coinMinimalDenom: chain.denom, coinDecimals: chain.decimals }
  const price = Number.parseFloat(chain.gasPrice)
  const gasPriceStep = Number.isFinite(price) ? { low: price, average: price, high: price * 2 } : undefined
  return {
    chainId: chain.chainId,
    chainName: chain.name,
    rpc: chain.rpcUrl,
    rest: chain.rpcUrl,
    bip44: { coinType: chain.coinType },
    bech32Config: {
      bech32PrefixAccAddr: p,
      bech32PrefixAccPub: `${p}pub`,
      bech32PrefixValAddr: `${p}valoper`,
      bech32PrefixValPub: `${p}valoperpub`,
      bech32PrefixConsAddr: `${p}valcons`,
      bech32PrefixConsPub: `${p}valconspub`,
    },
    currencies: [currency],
    feeCurrencies: [{ ...currency, ...(gasPriceStep ? { gasPriceStep } : {}) }],
    stakeCurrency: currency,
  }
}
