/**
 * A chain plugin template: copy this folder, rename, and fill in the wallet side. Read GUIDE.md for the [n] markers.
 */
import { definePlugin, KernelTokens, type CaipNetwork, type ChainAdapter, type Connector, type ConnectResult } from '../kernel/index.ts'

// [1]
declare module '../kernel/plugin/contract.ts' {
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

/** @example createModal({ plugins: [exampleChain({ wallet })] }) */
export function exampleChain(options: ExampleChainOptions = {}) {
  const networks = options.networks ?? [EXAMPLE_NETWORK]
  return definePlugin({
    id: 'example-cosmos',
    kind: 'chain',
    namespace: 'cosmos',
    // [3]
    setup(ctx) {
      const adapter: ChainAdapter = { namespace: 'cosmos', networks }
      ctx.track(ctx.get(KernelTokens.Chains).register(adapter))

      // [4]
      const wallet = options.wallet
      if (!wallet) return
      let address: string | undefined
      const connector: Connector = {
        id: `example-cosmos:${wallet.name}`,
        name: wallet.name,
        type: 'INJECTED',
        chain: 'cosmos',
        async connect({ caipNetwork }): Promise<ConnectResult> {
          const network = caipNetwork ?? networks[0]!
          address = (await wallet.enable(String(network.id))).address
          return { accounts: [{ namespace: 'cosmos', address, type: 'eoa' }], caipNetworkId: network.caipNetworkId }
        },
        async disconnect() {
          address = undefined
        },
      }
      ctx.track(ctx.get(KernelTokens.Connectors).register(connector))

      // [5]
      ctx.registerRpc('cosmos:signArbitrary', async ({ message }) => {
        const network = ctx.get(KernelTokens.Network).networkOf('cosmos') ?? networks[0]!
        if (!address) throw new Error('Connect a wallet first')
        return wallet.signArbitrary(String(network.id), address, message)
      })
    },
  })
}
