/**
 * A chain plugin template: copy this folder (or run `npm create portico-plugin <name>`), rename the namespace and fill
 * in the wallet side. Read GUIDE.md for the [n] markers. It imports only the package's entry for plugin authors,
 * `portico/plugin`, as every third-party plugin does (declaration merging still targets `declare module 'portico'`).
 */
import {
  definePlugin,
  formatUnits,
  ProviderRpcError,
  type CaipNetwork,
  type ConnectorEmitter,
  type Connector,
  type ConnectResult,
} from 'portico/plugin'

// [1]
declare module 'portico' {
  interface ChainNamespaces {
    example: true
  }
  interface RpcSchema {
    'example:signMessage': { params: { message: string }; result: string }
  }
  // [8] Your views and their params (the kernel's own views are declared the same way).
  interface ViewParams {
    ExampleAccounts: { focus?: string | undefined }
  }
}

// [2]
export interface ExampleChainOptions {
  /** Networks the host wants. @default the one test network below */
  networks?: readonly CaipNetwork[]
  /** The wallet to talk to; a real plugin discovers one (an injected provider, an extension API...). */
  wallet?: ExampleWallet
  /** Reads a native balance (smallest unit). @default a JSON-RPC `example_getBalance` call to the network's RPC URL */
  balanceOf?: (address: string, network: CaipNetwork) => Promise<bigint>
}

/** The wallet surface this example expects (the shape of a typical injected wallet). */
export interface ExampleWallet {
  name: string
  /** Asks the user for access, or with `silent` answers only a site approved before ([] otherwise). First = current. */
  requestAccounts(options?: { silent?: boolean }): Promise<string[]>
  /** The site lets go of the wallet. */
  disconnect(): Promise<void>
  signMessage(address: string, message: string): Promise<string>
  /** The wallet tells us when the user switches accounts (an empty list: it disconnected us). Returns the unsubscribe. */
  on(event: 'accountsChanged', listener: (accounts: string[]) => void): () => void
}

/** How this wallet says no (its own error shape; the connector maps it to the codes the modal knows). */
export class ExampleWalletError extends Error {
  constructor(
    readonly reason: 'rejected' | 'locked',
    message: string,
  ) {
    super(message)
  }
}

export const EXAMPLE_NETWORK: CaipNetwork = {
  id: 'testnet',
  caipNetworkId: 'example:testnet',
  chainNamespace: 'example',
  name: 'Example Testnet',
  nativeCurrency: { name: 'Example', symbol: 'EXM', decimals: 6 },
  rpcUrls: { default: { http: ['http://127.0.0.1:26657'] } },
  testnet: true,
}

// [3]
export const isExampleAddress = (address: string) => /^ex1[0-9a-f]{38}$/.test(address)

/** The default balance reader: one JSON-RPC call to the network's first RPC URL. */
async function jsonRpcBalance(address: string, network: CaipNetwork): Promise<bigint> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`${network.name} has no RPC URL`)
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'example_getBalance', params: [address] }) })
  const body = (await response.json()) as { result?: string; error?: { message: string } }
  if (body.result === undefined) throw new Error(body.error?.message ?? `example_getBalance failed (${response.status})`)
  return BigInt(body.result)
}

// [4]
class ExampleConnector implements Connector {
  readonly type = 'INJECTED' as const
  readonly chain = 'example' as const
  readonly id: string
  readonly name: string
  address: string | undefined
  private stopListening: (() => void) | undefined

  constructor(
    private readonly wallet: ExampleWallet,
    private readonly networks: readonly CaipNetwork[],
    private readonly emitter: ConnectorEmitter,
  ) {
    this.id = `example:${wallet.name}`
    this.name = wallet.name
  }

  async connect({ caipNetwork }: { caipNetwork?: CaipNetwork }): Promise<ConnectResult> {
    return this.session(await this.ask(() => this.wallet.requestAccounts()), caipNetwork)
  }

  /** A silent restore: the wallet answers without asking, or nothing (then the modal forgets the connection). */
  async reconnect({ caipNetwork }: { caipNetwork?: CaipNetwork }): Promise<ConnectResult | undefined> {
    const accounts = await this.ask(() => this.wallet.requestAccounts({ silent: true }))
    return accounts.length ? this.session(accounts, caipNetwork) : undefined
  }

  async disconnect(): Promise<void> {
    this.address = undefined
    this.dispose()
    await this.wallet.disconnect()
  }

  dispose(): void {
    this.stopListening?.()
    this.stopListening = undefined
  }

  /** Maps the wallet's own errors to the EIP-1193 codes the modal shows (SPEC §8): 4001 rejected, 4100 locked. */
  private async ask<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request()
    } catch (error) {
      if (error instanceof ExampleWalletError) throw new ProviderRpcError(error.reason === 'rejected' ? 4001 : 4100, error.message)
      throw error
    }
  }

  private session(addresses: string[], caipNetwork: CaipNetwork | undefined): ConnectResult {
    const network = caipNetwork ?? this.networks[0]!
    this.address = addresses[0]
    this.stopListening ??= this.wallet.on('accountsChanged', (next) => {
      this.address = next[0]
      if (!next.length) this.emitter.emit('disconnect', { namespace: 'example' })
      else this.emitter.emit('change', { namespace: 'example', accounts: next.map((address) => ({ namespace: 'example', address, type: 'eoa' })) })
    })
    return { accounts: addresses.map((address) => ({ namespace: 'example', address, type: 'eoa' })), caipNetworkId: network.caipNetworkId }
  }
}

/** @example createModal({ plugins: [exampleChain({ wallet })] }) */
export function exampleChain(options: ExampleChainOptions = {}) {
  const networks = options.networks ?? [EXAMPLE_NETWORK]
  const balanceOf = options.balanceOf ?? jsonRpcBalance
  return definePlugin({
    id: 'example',
    kind: 'chain',
    namespace: 'example',
    portico: '1.x',
    // [5]
    setup(ctx) {
      ctx.registerChain({
        namespace: 'example',
        networks,
        isAddress: isExampleAddress,
        async getBalance(address, network) {
          return { balance: formatUnits(await balanceOf(address, network), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
        },
      })

      // [8] A view, and the Account view's namespace slot, shown only while an Example account is the active one.
      ctx.registerView('ExampleAccounts', () => import('./ExampleAccounts.tsx'), { title: 'Example accounts' })
      ctx.registerAccountTab({
        id: 'example-details',
        label: 'Example details',
        order: 50,
        slot: 'namespace',
        available: ({ namespace }) => namespace === 'example',
        load: () => import('./ExampleDetails.tsx'),
      })

      const wallet = options.wallet
      if (!wallet) return
      const { connector } = ctx.registerConnector((emitter) => new ExampleConnector(wallet, networks, emitter))

      // [6]
      ctx.registerRpc('example:signMessage', async ({ message }) => {
        if (!connector.address) throw new ProviderRpcError(4100, 'Connect a wallet first')
        return wallet.signMessage(connector.address, message)
      })
    },
  })
}
