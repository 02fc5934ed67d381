/**
 * A chain plugin template: copy this folder, rename, and fill in the wallet side. Read GUIDE.md for the [n] markers.
 * It imports only the package's public entry, `portico`, as every third-party plugin does.
 */
import { definePlugin, type CaipNetwork, type ConnectorEmitter, type Connector, type ConnectResult } from 'portico'

// [1]
declare module 'portico' {
  interface ChainNamespaces {
    cosmos: true
  }
  interface RpcSchema {
    'cosmos:signArbitrary': { params: { message: string }; result: string }
  }
}

// [2]
export interface ExampleChainOptions {
  /** Networks the host wants. @default the one test network below */
  networks?: readonly CaipNetwork[]
  /** The wallet to talk to; a real plugin discovers one (an injected provider, an extension API...). */
  wallet?: ExampleWallet
}

/** The wallet surface this example expects. */
export interface ExampleWallet {
  name: string
  enable(chainId: string): Promise<{ address: string }>
  signArbitrary(chainId: string, address: string, message: string): Promise<string>
  /** The wallet tells us when the user switches accounts (an empty list: it disconnected us). */
  onAccountsChanged?(listener: (addresses: string[]) => void): () => void
}

const EXAMPLE_NETWORK: CaipNetwork = {
  id: 'portico-testnet-1',
  caipNetworkId: 'cosmos:portico-testnet-1',
  chainNamespace: 'cosmos',
  name: 'Portico Cosmos Testnet',
  nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
  rpcUrls: { default: { http: ['http://127.0.0.1:26657'] } },
  testnet: true,
}

// [3]
const isBech32Cosmos = (address: string) => /^cosmos1[02-9ac-hj-np-z]{38}$/.test(address)

// [4]
class ExampleConnector implements Connector {
  readonly type = 'INJECTED' as const
  readonly chain = 'cosmos' as const
  readonly id: string
  readonly name: string
  private stopListening: (() => void) | undefined

  constructor(
    private readonly wallet: ExampleWallet,
    private readonly networks: readonly CaipNetwork[],
    private readonly emitter: ConnectorEmitter,
  ) {
    this.id = `example-cosmos:${wallet.name}`
    this.name = wallet.name
  }

  address: string | undefined

  async connect({ caipNetwork }: { caipNetwork?: CaipNetwork }): Promise<ConnectResult> {
    const network = caipNetwork ?? this.networks[0]!
    const { address } = await this.wallet.enable(String(network.id))
    this.address = address
    this.stopListening ??= this.wallet.onAccountsChanged?.((addresses) => {
      this.address = addresses[0]
      this.emitter.emit('change', { namespace: 'cosmos', accounts: addresses.map((a) => ({ namespace: 'cosmos', address: a, type: 'eoa' })) })
    })
    return { accounts: [{ namespace: 'cosmos', address, type: 'eoa' }], caipNetworkId: network.caipNetworkId }
  }

  async disconnect(): Promise<void> {
    this.address = undefined
    this.dispose()
  }

  dispose(): void {
    this.stopListening?.()
    this.stopListening = undefined
  }
}

/** @example createModal({ plugins: [exampleChain({ wallet })] }) */
export function exampleChain(options: ExampleChainOptions = {}) {
  const networks = options.networks ?? [EXAMPLE_NETWORK]
  return definePlugin({
    id: 'example-cosmos',
    kind: 'chain',
    namespace: 'cosmos',
    portico: '1.x',
    // [5]
    setup(ctx) {
      ctx.registerChain({ namespace: 'cosmos', networks, isAddress: isBech32Cosmos })

      const wallet = options.wallet
      if (!wallet) return
      const { connector } = ctx.registerConnector((emitter) => new ExampleConnector(wallet, networks, emitter))

      // [6]
      ctx.registerRpc('cosmos:signArbitrary', async ({ message }) => {
        const network = ctx.state.network.getSnapshot().byNamespace.cosmos?.caipNetwork ?? networks[0]!
        if (!connector.address) throw new Error('Connect a wallet first')
        return wallet.signArbitrary(String(network.id), connector.address, message)
      })
    },
  })
}
