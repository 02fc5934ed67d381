import { chainProviderToken, definePlugin, formatUnits, ProviderRpcError, type CaipNetwork, type ChainAdapter, type PluginContext } from 'portico/plugin'
import { hasEvmAddressForm } from './address-form.ts'
import { InjectedConnector } from './connector.ts'
import { discoverWallets } from './discovery.ts'
import { httpRpc } from './json-rpc.ts'
import { BUILTIN_EVM_CHAINS, toCaipNetwork, type EvmChainInput } from './networks.ts'
import type { Eip1193Provider } from './provider.ts'
import { createModalProvider, type ModalEip1193Provider } from './modal-provider.ts'

export { BUILTIN_EVM_CHAINS, toCaipNetwork, type EvmChainInput } from './networks.ts'
export { InjectedConnector, parseChainId } from './connector.ts'
export { isEvmAddress, toChecksumAddress, type EvmAddressCheck } from './address.ts'
export { discoverWallets, parseAnnouncement, sanitizeIcon, type AnnouncedWallet } from './discovery.ts'
export type { Eip1193Provider } from './provider.ts'
export type { ModalEip1193Provider, ModalProviderEvents } from './modal-provider.ts'

/** A request to the connected EVM wallet. */
export interface Eip155Request {
  method: string
  params?: readonly unknown[]
}

declare module 'portico' {
  interface ChainNamespaces {
    /** EVM chains (EIP-155). */
    eip155: true
  }
  interface ChainProviders {
    /** `modal.getProvider('eip155')`: EIP-1193, following the connected wallet. */
    eip155: ModalEip1193Provider
  }
  interface RpcSchema {
    /** EIP-191 personal_sign by the connected account. */
    'eip155:personal_sign': { params: { message: string }; result: `0x${string}` }
    /** EIP-712 typed data signature. */
    'eip155:eth_signTypedData_v4': { params: { typedData: object }; result: `0x${string}` }
    /** Sends a transaction from the connected account; answers its hash. */
    'eip155:eth_sendTransaction': {
      params: { to: `0x${string}`; value?: `0x${string}`; data?: `0x${string}`; gas?: `0x${string}` }
      result: `0x${string}`
    }
    /** Any method: the wallet first, the HTTP RPC when the wallet does not serve it (SPEC §5). */
    'eip155:request': { params: Eip155Request; result: unknown }
  }
}

export interface Eip155Options {
  /** Networks beyond the SPEC §1 built-ins (viem chains work as they are). */
  networks?: readonly EvmChainInput[]
  /** Include Ethereum, Arbitrum One and Avalanche. @default true */
  builtinNetworks?: boolean
  /** Offer window.ethereum when no EIP-6963 wallet announces itself. @default true */
  legacyInjected?: boolean
  /** The window to discover wallets in. @default globalThis.window */
  window?: Window
}

/** How long discovery waits for EIP-6963 announcements before offering the legacy window.ethereum. */
const LEGACY_FALLBACK_MS = 100

/**
 * The eip155 chain plugin: EIP-6963 discovery (plus the legacy window.ethereum), connect/reconnect/disconnect,
 * network switching, native balance over the network's RPC, signing and sending through the wallet.
 * @example createModal({ plugins: [eip155({ networks: [myChain] })] })
 */
export function eip155(options: Eip155Options = {}) {
  const networks = dedupe([...(options.builtinNetworks === false ? [] : BUILTIN_EVM_CHAINS), ...(options.networks ?? [])]).map(toCaipNetwork)

  return definePlugin({
    id: 'eip155',
    kind: 'chain',
    namespace: 'eip155',
    portico: '1.x',
    setup(ctx) {
      const adapter: ChainAdapter = {
        namespace: 'eip155',
        networks,
        isAddress: (address) => hasEvmAddressForm(address),
        async getBalance(address, network) {
          const wei = await httpRpc<string>(network, 'eth_getBalance', [address, 'latest'])
          return { balance: formatUnits(BigInt(wei), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
        },
        addressExplorerUrl(address, network) {
          const base = network.blockExplorers?.default.url
          return base ? `${base.replace(/\/$/, '')}/address/${address}` : undefined
        },
      }
      ctx.registerChain(adapter)
      const request = registerRpc(ctx)
      // modal.getProvider('eip155'): an EIP-1193 provider of the connection, for viem, ethers and wagmi.
      ctx.provide(chainProviderToken('eip155'), () => createModalProvider(ctx, request))
      startDiscovery(ctx, options)
    },
  })
}

function startDiscovery(ctx: PluginContext, options: Eip155Options): void {
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window)
  if (!win) return
  let announced = 0
  ctx.track(
    discoverWallets(win, (wallet) => {
      announced++
      ctx.registerConnector((emitter) => new InjectedConnector(wallet.rdns, wallet.name, 'ANNOUNCED', wallet.provider, emitter, wallet.icon, { rdns: wallet.rdns }))
    }),
  )
  if (options.legacyInjected === false) return
  const timer = setTimeout(() => {
    const legacy = (win as Window & { ethereum?: Eip1193Provider }).ethereum
    if (announced > 0 || !legacy || typeof legacy.request !== 'function') return
    ctx.registerConnector((emitter) => new InjectedConnector('injected', 'Browser Wallet', 'INJECTED', legacy, emitter))
  }, LEGACY_FALLBACK_MS)
  ctx.track({ dispose: () => clearTimeout(timer) })
}

/** Signing and sending go to the namespace's active connector, whichever plugin provides it. */
function registerRpc(ctx: PluginContext): (request: Eip155Request) => Promise<unknown> {
  const active = () => {
    const session = ctx.connection.active('eip155')
    if (!session?.connector.request) throw new ProviderRpcError(4100, 'Please connect a wallet first')
    const { connector, address, network } = session
    const send = connector.request!.bind(connector)
    const provider = {
      request: (args: { method: string; params?: readonly unknown[] | object }) =>
        send({ namespace: 'eip155', caipNetworkId: network.caipNetworkId, method: args.method, params: args.params }),
    }
    return { provider, address, network }
  }
  ctx.registerRpc('eip155:personal_sign', async ({ message }) => {
    const { provider, address } = active()
    return (await provider.request({ method: 'personal_sign', params: [toHexMessage(message), address] })) as `0x${string}`
  })
  ctx.registerRpc('eip155:eth_signTypedData_v4', async ({ typedData }) => {
    const { provider, address } = active()
    return (await provider.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typedData)] })) as `0x${string}`
  })
  ctx.registerRpc('eip155:eth_sendTransaction', async (tx) => {
    const { provider, address } = active()
    return (await provider.request({ method: 'eth_sendTransaction', params: [{ from: address, ...tx }] })) as `0x${string}`
  })
  const request = async ({ method, params = [] }: Eip155Request): Promise<unknown> => {
    const { provider, network } = active()
    try {
      return await provider.request({ method, params })
    } catch (error) {
      if (!isUnsupportedMethod(error)) throw error
      return httpRpc(network, method, params)
    }
  }
  ctx.registerRpc('eip155:request', request)
  return request
}

/** 4200 (EIP-1193) or -32601 (JSON-RPC): the wallet does not serve the method, so the HTTP RPC answers. */
function isUnsupportedMethod(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code
  return code === 4200 || code === -32601
}

function toHexMessage(message: string): `0x${string}` {
  if (/^0x([0-9a-f]{2})*$/i.test(message)) return message as `0x${string}`
  const bytes = new TextEncoder().encode(message)
  return `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

function dedupe(chains: EvmChainInput[]): EvmChainInput[] {
  const byId = new Map<number, EvmChainInput>()
  for (const chain of chains) byId.set(chain.id, chain)
  return [...byId.values()]
}

export type { CaipNetwork }
