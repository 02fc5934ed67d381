/** The solana plugin's code, loaded by index.ts with a dynamic import (its registration and everything it uses). */
import { base58 } from '@scure/base'
import type { Wallet } from '@wallet-standard/base'
import { chainProviderToken, definePlugin, importPeer, detectMobile, formatUnits, ProviderRpcError, type CaipNetwork, type ChainAdapter, type PluginContext, type Token } from 'portico/plugin'
import { SendTokens } from 'portico/plugins/send'
import { isSolanaAddress } from './address.ts'
import { SOLANA_PEERS, web3 } from './peers.ts'
import { createSolanaModalProvider, type SolanaModalProvider } from './modal-provider.ts'
import { solanaMobileRedirect } from './mobile-redirect.ts'
import { WalletStandardConnector, walletStandardConnectorId } from './connector.ts'
import { BUILTIN_SOLANA_NETWORKS, SOLANA_DEVNET, SOLANA_MAINNET, toSolanaNetwork, type SolanaClusterInput } from './networks.ts'
import { Connections, solanaHttpRpc, splTokenBalances, type SplTokenBalance, type SplTokenInfo } from './rpc.ts'
import { solanaSender } from './send.ts'
import { isSolanaWallet, standardChainOf, type SolanaSendOptions, type SolanaStandardWallet } from './wallet-standard.ts'


/** A Solana JSON-RPC request: the wallet first, the network's HTTP RPC when the wallet does not serve it. */
export interface SolanaRequest {
  method: string
  params?: readonly unknown[] | object
}

declare module 'portico' {
  interface ChainNamespaces {
    /** Solana clusters (CAIP-30). */
    solana: true
  }
  interface ChainProviders {
    /** `modal.getProvider('solana')`: the connected Wallet Standard wallet's features. */
    solana: SolanaModalProvider
  }
  interface RpcSchema {
    /** Signs a message (UTF-8 text or bytes) with the connected account; the ed25519 signature in base58. */
    'solana:signMessage': { params: { message: string | Uint8Array }; result: { signature: string } }
    /** Signs a wire transaction (base64, legacy or v0) without sending it. */
    'solana:signTransaction': { params: { transaction: string }; result: { transaction: string; signature: string } }
    /** Signs and sends a wire transaction (base64); answers its signature (base58). */
    'solana:signAndSendTransaction': { params: { transaction: string; options?: SolanaSendOptions }; result: { signature: string } }
    /** SOL balance of an address (the connected one by default) in lamports and SOL. */
    'solana:getBalance': { params: { address?: string }; result: { lamports: string; balance: string; symbol: 'SOL' } }
    /** SPL token balances of an address (the connected one by default) on the active Solana network. */
    'solana:getTokenBalances': { params: { address?: string }; result: SplTokenBalance[] }
    /** Any Solana JSON-RPC method: the wallet first, the HTTP RPC when the wallet does not serve it (SPEC §5). */
    'solana:request': { params: SolanaRequest; result: unknown }
  }
}

export interface SolanaOptions {
  /** A cluster the host runs (e.g. the local stack), listed first and selected by default. */
  cluster?: SolanaClusterInput
  /** More networks. */
  networks?: readonly CaipNetwork[]
  /** Include Solana mainnet and devnet (SPEC §1). @default true */
  builtinNetworks?: boolean
  /** Names and symbols of SPL mints, keyed by mint address. */
  tokens?: Readonly<Record<string, SplTokenInfo>>
  /**
   * Where a SPEC §9 mobile redirect goes (Phantom, Solflare, Coinbase Wallet open the page in their in-app browser).
   * @default location.assign
   */
  navigate?: (url: string) => void
}

/**
 * The solana chain plugin.
 * @example createModal({ plugins: [eip155(), solana({ cluster: { rpcUrl: 'http://127.0.0.1:8899', caipNetworkId } })] })
 */
export function solana(options: SolanaOptions = {}) {
  const local = options.cluster ? [toSolanaNetwork(options.cluster)] : []
  const networks = dedupe([...local, ...(options.builtinNetworks === false ? [] : BUILTIN_SOLANA_NETWORKS), ...(options.networks ?? [])])
  if (!networks.length) throw new Error('solana(): no networks (builtinNetworks is false and no cluster or networks were given)')
  const wsUrls = new Map<string, string>()
  if (options.cluster?.wsUrl && local[0]) wsUrls.set(local[0].caipNetworkId, options.cluster.wsUrl)
  // One set of Connections per modal (setup and activate get the same context).
  const connectionsOf = new WeakMap<PluginContext, Connections>()

  return definePlugin({
    id: 'solana',
    kind: 'chain',
    namespace: 'solana',
    portico: '1.x',
    optional: [SendTokens.Senders],
    setup(ctx) {
      // SPEC §9: on a phone, picking Phantom, Solflare or Coinbase Wallet for Solana opens the page in its app's
      // browser (unless that wallet is already injected here, e.g. inside that browser).
      ctx.registerWalletOpener((wallet) => {
        if (ctx.state.network.getSnapshot().activeNamespace !== 'solana') return false
        if (!(ctx.state.options.getSnapshot().isMobile ?? detectMobile)()) return false
        const injected = ctx.state.connectors.getSnapshot().connectors.some((c) => c.chain === 'solana' && c.name.toLowerCase() === wallet.name.toLowerCase())
        const target = injected ? undefined : solanaMobileRedirect(wallet.name, location.href)
        if (!target) return false
        ;(options.navigate ?? ((url: string) => location.assign(url)))(target)
        return true
      })
      const connections = new Connections((n) => wsUrls.get(n.caipNetworkId))
      connectionsOf.set(ctx, connections)
      ctx.track({ dispose: () => connections.clear() })
      const adapter: ChainAdapter = {
        namespace: 'solana',
        networks,
        isAddress: (address) => isSolanaAddress(address),
        async getBalance(address, network) {
          const lamports = await (await connections.get(network)).getBalance(await publicKey(address))
          return { balance: formatUnits(BigInt(lamports), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
        },
        // The Tokens tab (account-data) shows these SPL balances for Solana networks.
        getTokenBalances: async (address, network) => splTokenBalances(await connections.get(network), address, network, options.tokens ?? {}),
        addressExplorerUrl(address, network) {
          const base = network.blockExplorers?.default.url
          if (!base) return undefined
          const cluster = network.caipNetworkId === SOLANA_MAINNET.caipNetworkId ? '' : network.caipNetworkId === SOLANA_DEVNET.caipNetworkId ? '?cluster=devnet' : undefined
          return cluster === undefined ? undefined : `${base.replace(/\/$/, '')}/address/${address}${cluster}`
        },
      }
      ctx.registerChain(adapter)
      registerRpc(ctx, connections, options.tokens ?? {})
      // modal.getProvider('solana'): the connected Wallet Standard wallet's features.
      ctx.provide(chainProviderToken('solana'), () => createSolanaModalProvider(ctx))
    },
    async activate(ctx) {
      // Before the stored session is restored (the kernel does that once every plugin is active).
      await startDiscovery(ctx, networks)
      // With the send plugin present (declared optional): SOL and SPL transfers.
      const connections = connectionsOf.get(ctx)
      if (!connections || !ctx.has(SendTokens.Senders)) return
      ctx.track(
        ctx.get(SendTokens.Senders).register(
          solanaSender({
            connection: (network) => connections.get(network),
            signAndSend: (transaction) => ctx.request('solana:signAndSendTransaction', { transaction }),
          }),
        ),
      )
    },
  })
}

async function publicKey(address: string) {
  const { PublicKey } = await web3()
  return new PublicKey(address)
}

/** Wallet Standard discovery: each wallet with standard:connect and a Solana chain becomes a connector. */
async function startDiscovery(ctx: PluginContext, networks: readonly CaipNetwork[]): Promise<void> {
  if (typeof window === 'undefined') return
  // Imported, not linked statically: without the package the host hears what to install (issue 25 §6) through the
  // modal's error event and the modal stays usable for its other namespaces, instead of a bundler's stand-in (Vite's
  // throws when evaluated) stopping the whole page before any of the host's code ran.
  let disposed = false
  ctx.track({ dispose: () => void (disposed = true) })
  let app: typeof import('@wallet-standard/app')
  try {
    app = await importPeer(() => import('@wallet-standard/app'), 'getWallets', SOLANA_PEERS)
  } catch (error) {
    ctx.events.emit('error', { source: 'solana', error })
    return
  }
  if (!disposed) discover(ctx, networks, app.getWallets())
}

function discover(ctx: PluginContext, networks: readonly CaipNetwork[], wallets: ReturnType<typeof import('@wallet-standard/app').getWallets>): void {
  const registered = new Map<Wallet, { dispose(): void }>()
  const deps = {
    defaultNetwork: () => ctx.state.network.getSnapshot().byNamespace.solana?.caipNetwork ?? networks[0],
    standardChain: (caipNetworkId: string) =>
      standardChainOf(caipNetworkId, { mainnet: SOLANA_MAINNET.caipNetworkId, devnet: SOLANA_DEVNET.caipNetworkId }),
  }
  const add = (wallet: Wallet) => {
    if (registered.has(wallet) || !isSolanaWallet(wallet)) return
    const name = cleanName(wallet.name)
    if (!name || ctx.state.connector(walletStandardConnectorId(name))) return
    const named = name === wallet.name ? wallet : (Object.create(wallet, { name: { value: name } }) as SolanaStandardWallet)
    registered.set(wallet, ctx.registerConnector((emitter) => new WalletStandardConnector(named, emitter, deps, sanitizeIcon(wallet.icon))))
  }
  const remove = (wallet: Wallet) => {
    registered.get(wallet)?.dispose()
    registered.delete(wallet)
  }
  for (const wallet of wallets.get()) add(wallet)
  const offRegister = wallets.on('register', (...added) => added.forEach(add))
  const offUnregister = wallets.on('unregister', (...removed) => removed.forEach(remove))
  ctx.track({
    dispose: () => {
      offRegister()
      offUnregister()
      registered.clear()
    },
  })
}

/** Signing and sending go to the namespace's active connector, whichever plugin provides it. */
function registerRpc(ctx: PluginContext, connections: Connections, tokens: Readonly<Record<string, SplTokenInfo>>): void {
  const active = () => {
    const session = ctx.connection.active('solana')
    if (!session?.connector.request) throw new ProviderRpcError(4100, 'Please connect a wallet first')
    const { connector, address, network } = session
    const send = (method: string, params?: readonly unknown[] | object) =>
      connector.request!({ namespace: 'solana', caipNetworkId: network.caipNetworkId, method, params })
    return { send, address, network }
  }
  const networkOnly = () => {
    const network = ctx.state.network.getSnapshot().byNamespace.solana?.caipNetwork
    if (!network) throw new Error('No Solana network is configured')
    return network
  }
  const addressOr = (address?: string) => {
    const found = address ?? ctx.connection.active('solana')?.address
    if (!found || !isSolanaAddress(found)) throw new ProviderRpcError(-32602, 'A Solana address is required')
    return found
  }

  ctx.registerRpc('solana:signMessage', async ({ message }) => {
    const { send, address } = active()
    const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
    return (await send('solana_signMessage', { message: base58.encode(bytes), pubkey: address })) as { signature: string }
  })
  ctx.registerRpc('solana:signTransaction', async ({ transaction }) => {
    const { send, address } = active()
    return (await send('solana_signTransaction', { transaction, pubkey: address })) as { transaction: string; signature: string }
  })
  ctx.registerRpc('solana:signAndSendTransaction', async ({ transaction, options }) => {
    const { send, address, network } = active()
    try {
      return (await send('solana_signAndSendTransaction', { transaction, pubkey: address, sendOptions: options })) as { signature: string }
    } catch (error) {
      if (!isUnsupportedMethod(error)) throw error
      // A wallet that only signs: sign, then send over the network's RPC.
      const signed = (await send('solana_signTransaction', { transaction, pubkey: address })) as { transaction: string }
      const signature = await solanaHttpRpc<string>(network, 'sendTransaction', [signed.transaction, { encoding: 'base64', ...options }])
      return { signature }
    }
  })
  ctx.registerRpc('solana:getBalance', async ({ address }) => {
    const owner = addressOr(address)
    const network = networkOnly()
    const lamports = BigInt(await (await connections.get(network)).getBalance(await publicKey(owner)))
    return { lamports: lamports.toString(), balance: formatUnits(lamports, 9), symbol: 'SOL' as const }
  })
  ctx.registerRpc('solana:getTokenBalances', async ({ address }) => {
    const owner = addressOr(address)
    const network = networkOnly()
    return splTokenBalances(await connections.get(network), owner, network, tokens)
  })
  ctx.registerRpc('solana:request', async ({ method, params = [] }) => {
    const session = ctx.connection.active('solana')
    const network = session?.network ?? networkOnly()
    if (session?.connector.request) {
      try {
        return await session.connector.request({ namespace: 'solana', caipNetworkId: network.caipNetworkId, method, params })
      } catch (error) {
        if (!isUnsupportedMethod(error)) throw error
      }
    }
    return solanaHttpRpc(network, method, params)
  })
}

/** 4200 (EIP-1193) or -32601 (JSON-RPC): the wallet does not serve the method. */
function isUnsupportedMethod(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code
  return code === 4200 || code === -32601
}

const MAX_NAME = 64

function cleanName(name: unknown): string {
  return typeof name === 'string' ? name.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_NAME) : ''
}

/** Keeps an icon only when it is an image URL a plain `<img>` may load. */
function sanitizeIcon(icon: unknown): string | undefined {
  if (typeof icon !== 'string') return undefined
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(icon)) return icon
  try {
    return new URL(icon).protocol === 'https:' ? icon : undefined
  } catch {
    return undefined
  }
}

function dedupe(list: CaipNetwork[]): CaipNetwork[] {
  const byId = new Map<string, CaipNetwork>()
  for (const n of list) if (!byId.has(n.caipNetworkId)) byId.set(n.caipNetworkId, n)
  return [...byId.values()]
}


