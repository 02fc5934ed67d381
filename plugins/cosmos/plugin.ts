/** The cosmos plugin's code, loaded by index.ts with a dynamic import (its registration and everything it uses). */
import { definePlugin, formatUnits, ProviderRpcError, type CaipNetwork, type PluginContext, importPeer } from 'portico/plugin'
import { bech32Prefix, isCosmosAddress } from './address.ts'
import { asRejection, KeplrConnector, type Chain, type EventWindow } from './connector.ts'
import { DEFAULT_COSMOS_WALLETS, isKeplrWallet, type KeplrWallet } from './keplr.ts'
import { sessionKeplr, type SessionRequest } from './session-wallet.ts'
import { COSMOS_HUB, toCaipNetwork, toFacts, type CosmosChainInput } from './networks.ts'

/** What the plugin needs installed beside portico (docs/OPTIONS.md gives the same line). */
const COSMOS_PEERS = { plugin: 'cosmos', packages: ['@cosmjs/stargate'] } as const

/**
 * @cosmjs/stargate, loaded on first use (balance, send); a missing install says what to install, also when the
 * bundler's stand-in for it throws as it is evaluated (issue 25 §6).
 */
function stargate(): Promise<typeof import('@cosmjs/stargate')> {
  return importPeer(() => import('@cosmjs/stargate'), 'StargateClient', COSMOS_PEERS)
}


// [1] The same declarations as plugin-template's (merged declarations must agree), plus the send.
declare module 'portico' {
  interface ChainNamespaces {
    cosmos: true
  }
  interface RpcSchema {
    /** ADR-036 signature (base64) of `message` by the connected account; its public key is the account's `publicKey`. */
    'cosmos:signArbitrary': { params: { message: string }; result: string }
    /** A bank MsgSend of `amount` base units (e.g. ustake) from the connected account; answers the transaction hash. */
    'cosmos:sendTokens': { params: { to: string; amount: string; memo?: string }; result: string }
  }
}

/** A Keplr-style wallet the plugin looks for: `window[global]`. */
export interface CosmosWalletTarget {
  /** Connector id suffix: the connector is `cosmos:<id>`. */
  id: string
  /** Shown when the injected object does not name itself. */
  name: string
  /** The window property the wallet injects, e.g. 'keplr'. */
  global: string
  icon?: string
}

// [2]
export interface CosmosOptions {
  /** The chains the host wants. @default [COSMOS_HUB] */
  networks?: readonly CosmosChainInput[]
  /** The injected wallets to look for. @default Keplr (window.keplr) and Leap (window.leap) */
  wallets?: readonly CosmosWalletTarget[]
  /** The window to find wallets in. @default globalThis.window */
  window?: Window
  /** How often a send polls for its transaction to be included. @default 1000 */
  broadcastPollIntervalMs?: number
}


/**
 * The cosmos chain plugin.
 * @example createModal({ plugins: [cosmos({ networks: [{ chainId: 'portico-local-1', name: 'Local', rpcUrl, denom: 'ustake', symbol: 'STAKE', gasPrice: '0.0025ustake' }] })] })
 */
export function cosmos(options: CosmosOptions = {}) {
  const inputs = options.networks?.length ? options.networks : [COSMOS_HUB]
  const networks = inputs.map(toCaipNetwork)
  const chains = new Map<string, Chain>(inputs.map((input, i) => [networks[i]!.caipNetworkId, { ...toFacts(input), caipNetworkId: networks[i]!.caipNetworkId }]))
  const prefixes = new Set([...chains.values()].map((c) => c.bech32Prefix))
  const chainOf = (network: CaipNetwork | undefined): Chain => (network && chains.get(network.caipNetworkId)) || chains.get(networks[0]!.caipNetworkId)!

  return definePlugin({
    id: 'cosmos',
    kind: 'chain',
    namespace: 'cosmos',
    portico: '1.x',
    setup(ctx) {
      // [3] [5]
      ctx.registerChain({
        namespace: 'cosmos',
        networks,
        isAddress: (address) => isCosmosAddress(address) && prefixes.has(bech32Prefix(address)!),
        async getBalance(address, network) {
          const chain = chainOf(network)
          const { StargateClient } = await stargate()
          const client = await StargateClient.connect(chain.rpcUrl)
          try {
            const coin = await client.getBalance(address, chain.denom)
            return { balance: formatUnits(BigInt(coin.amount), chain.decimals), symbol: chain.symbol }
          } finally {
            client.disconnect()
          }
        },
        addressExplorerUrl(address, network) {
          const base = network.blockExplorers?.default.url
          return base ? `${base.replace(/\/$/, '')}/account/${address}` : undefined
        },
      })
      discoverWallets(ctx, options, chainOf)
      registerRpc(ctx, chainOf, prefixes, options.broadcastPollIntervalMs ?? 1000)
    },
  })
}

/** Keplr injects its global on page load: look now, and again on `load` when the document is still loading. */
function discoverWallets(ctx: PluginContext, options: CosmosOptions, chainOf: (n: CaipNetwork | undefined) => Chain): void {
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window)
  if (!win) return
  const targets = options.wallets ?? DEFAULT_COSMOS_WALLETS
  const found = new Set<string>()
  const look = () => {
    for (const target of targets) {
      if (found.has(target.id)) continue
      const wallet = (win as unknown as Record<string, unknown>)[target.global]
      if (!isKeplrWallet(wallet)) continue
      found.add(target.id)
      const name = typeof wallet.name === 'string' && wallet.name.trim() ? wallet.name.trim().slice(0, 64) : target.name
      // [4]
      ctx.registerConnector((emitter) => new KeplrConnector(`cosmos:${target.id}`, name, wallet, chainOf, win as EventWindow, emitter, target.icon))
    }
  }
  look()
  const doc = (win as { document?: Document }).document
  if (found.size < targets.length && doc && doc.readyState !== 'complete') {
    win.addEventListener('load', look)
    ctx.track({ dispose: () => win.removeEventListener('load', look) })
  }
}

// [6] The active connection: a Keplr-style wallet, or another connector's (a WalletConnect session), which is sent
// WalletConnect's cosmos methods through its `request`.
function registerRpc(ctx: PluginContext, chainOf: (n: CaipNetwork | undefined) => Chain, prefixes: Set<string>, pollMs: number): void {
  const active = (): { wallet: KeplrWallet; address: string; chain: Chain } => {
    const session = ctx.connection.active('cosmos')
    if (!session) throw new ProviderRpcError(4100, 'Please connect a wallet first')
    const { connector, network, address } = session
    if (connector instanceof KeplrConnector) return { wallet: connector.wallet, address, chain: chainOf(network) }
    if (!connector.request) throw new ProviderRpcError(4100, 'Please connect a wallet first')
    const request: SessionRequest = (method, params) => connector.request!({ namespace: 'cosmos', caipNetworkId: network.caipNetworkId, method, params })
    return { wallet: sessionKeplr(request, connector.name), address, chain: chainOf(network) }
  }

  ctx.registerRpc('cosmos:signArbitrary', async ({ message }) => {
    const { wallet, address, chain } = active()
    if (!wallet.signArbitrary) throw new ProviderRpcError(4200, 'The wallet does not support signArbitrary')
    if (typeof message !== 'string') throw new ProviderRpcError(-32602, 'Expected a message')
    const signature = await wallet.signArbitrary(chain.chainId, address, message).catch(rethrow)
    if (!signature || typeof signature.signature !== 'string') throw new Error('The wallet returned no signature')
    return signature.signature
  })

  ctx.registerRpc('cosmos:sendTokens', async ({ to, amount, memo }) => {
    // SPEC §5 wording for a send without an amount or a receiver.
    if (!to || !amount) throw new Error('An amount and receiver address are required')
    const { wallet, address, chain } = active()
    if (!isCosmosAddress(to, chain.bech32Prefix) || !prefixes.has(chain.bech32Prefix)) throw new Error(`Invalid ${chain.bech32Prefix} address: ${to}`)
    if (!/^[1-9]\d{0,77}$/.test(amount)) throw new Error(`Invalid amount: ${amount} (a positive whole number of ${chain.denom})`)
    const signer = wallet.getOfflineSignerAuto ? await wallet.getOfflineSignerAuto(chain.chainId) : wallet.getOfflineSigner?.(chain.chainId)
    if (!signer) throw new ProviderRpcError(4200, 'The wallet offers no offline signer')
    const { SigningStargateClient, GasPrice, coins } = await stargate()
    const client = await SigningStargateClient.connectWithSigner(chain.rpcUrl, signer as never, {
      gasPrice: GasPrice.fromString(chain.gasPrice),
      broadcastPollIntervalMs: pollMs,
    })
    try {
      const result = await client.sendTokens(address, to, coins(amount, chain.denom), 'auto', memo).catch(rethrow)
      if (result.code !== 0) throw new Error(`Transaction ${result.transactionHash} failed with code ${result.code}: ${result.rawLog ?? ''}`.trim())
      return result.transactionHash
    } finally {
      client.disconnect()
    }
  })
}

function rethrow(error: unknown): never {
  throw asRejection(error) ?? error
}

export type { CaipNetwork }
