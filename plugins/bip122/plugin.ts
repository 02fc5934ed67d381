/** The bip122 plugin's code, loaded by index.ts with a dynamic import (its registration and everything it uses). */
import { definePlugin, formatUnits, ProviderRpcError, toDisposable, type CaipNetwork, type PluginContext } from 'portico/plugin'
import { message } from 'portico/react'
import type { Bip122Views } from './index.ts'
import { decodeBitcoinAddress, isBitcoinAddress } from './address.ts'
import { Bip122Connector } from './connector.ts'
import { broadcast as broadcastTransaction, getBalanceSats } from './esplora.ts'
import { messages } from './messages.ts'
import { bitcoin, bitcoinTestnet, esploraUrl } from './networks.ts'
import { walletStandardApp } from './peers.ts'
import { extractTransaction, sendTransfer, type Recipient } from './send.ts'
import { fromWalletStandard, isStandardBitcoinWallet, satsConnectProviders, type BitcoinAccount, type BitcoinWallet, type SignInputs } from './wallets.ts'
import { sessionWallet, signPsbtThroughSession, type SessionRequest } from './session-wallet.ts'



// [1]
declare module 'portico' {
  interface ChainNamespaces {
    /** Bitcoin (CAIP-2 `bip122:<genesis hash prefix>`). */
    bip122: true
  }
  interface RpcSchema {
    /** Signs a message with an account of the wallet (the active one by default): BIP-322 simple, or legacy for P2PKH. */
    'bip122:signMessage': {
      params: { message: string; address?: string; protocol?: 'BIP322' | 'ECDSA' }
      result: { address: string; signature: string; protocol: 'BIP322' | 'ECDSA' }
    }
    /** Signs inputs of a base64 PSBT; with `broadcast` it is finalized and sent, and the txid answered. */
    'bip122:signPsbt': { params: { psbt: string; signInputs: SignInputs; broadcast?: boolean }; result: { psbt: string; txid?: string } }
    /** Pays recipients (amounts in satoshis) from the active payment account; answers the txid. */
    'bip122:sendTransfer': { params: { recipients: Recipient[] }; result: { txid: string } }
  }
  interface ViewParams {
    /** The connected wallet's payment and ordinals accounts (SPEC §5 switching). */
    Bip122Accounts: undefined
  }
}

// [2]
export interface Bip122Options {
  /** Networks beyond the built-ins, e.g. `bitcoinRegtest('http://127.0.0.1:3002')`. */
  networks?: readonly CaipNetwork[]
  /** Include Bitcoin mainnet and testnet (SPEC §1). @default true */
  builtinNetworks?: boolean
  /** Wallets given by the host, besides the discovered ones. */
  wallets?: readonly BitcoinWallet[]
  /** The window whose Wallet Standard registrations and `btc_providers` are discovered. @default globalThis.window */
  window?: Window
}

/**
 * The bip122 chain plugin.
 * @example createModal({ plugins: [bip122({ networks: [bitcoinRegtest(esploraUrl)] })] })
 */
export function bip122(options: Bip122Options = {}, views: Bip122Views) {
  // The host's networks first (the first is the default), then the SPEC §1 built-ins.
  const networks = dedupe([...(options.networks ?? []), ...(options.builtinNetworks === false ? [] : [bitcoin, bitcoinTestnet])])
  return definePlugin({
    id: 'bip122',
    kind: 'chain',
    namespace: 'bip122',
    portico: '1.x',
    // [5]
    setup(ctx) {
      // [3]
      ctx.registerChain({
        namespace: 'bip122',
        networks,
        isAddress: (address) => isBitcoinAddress(address),
        async getBalance(address, network) {
          const sats = await getBalanceSats(esploraUrl(network), address)
          return { balance: formatUnits(sats, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
        },
        addressExplorerUrl(address, network) {
          const base = network.blockExplorers?.default.url
          return base ? `${base.replace(/\/$/, '')}/address/${address}` : undefined
        },
      })
      const add = (wallet: BitcoinWallet) => addWallet(ctx, wallet, networks)
      for (const wallet of options.wallets ?? []) add(wallet)
      ctx.registerView('Bip122Accounts', views.Bip122Accounts, { title: message(messages, 'bitcoinAccounts') })
      ctx.registerAccountAction({
        id: 'bip122-accounts',
        label: message(messages, 'accounts'),
        order: 40,
        view: 'Bip122Accounts',
        available: ({ namespace }) => namespace === 'bip122',
      })
      // [6]
      registerRpc(ctx)
      const win = options.window ?? (typeof window === 'undefined' ? undefined : window)
      if (win) for (const wallet of satsConnectProviders(win)) add(wallet)
    },
    async activate(ctx) {
      const win = options.window ?? (typeof window === 'undefined' ? undefined : window)
      if (!win) return
      await discoverStandardWallets(ctx, (wallet) => addWallet(ctx, wallet, networks))
    },
  })
}

// The wallet ids each modal registered (keyed by its context, so two modals share nothing).
const registered = new WeakMap<PluginContext, Set<string>>()

/** Registers a wallet's connector once per modal. */
function addWallet(ctx: PluginContext, wallet: BitcoinWallet, networks: readonly CaipNetwork[]): void {
  let ids = registered.get(ctx)
  if (!ids) registered.set(ctx, (ids = new Set()))
  if (ids.has(wallet.id)) return
  ids.add(wallet.id)
  // [4]
  ctx.registerConnector((emitter) => new Bip122Connector(wallet, networks, emitter))
}

/**
 * Wallet Standard discovery: the wallets registered so far and those registering later (loaded on first use). Without
 * @wallet-standard/app the host hears what to install (issue 25 §6) through the modal's error event, and the modal
 * stays usable for its other namespaces and for the wallets the host gave, as solana's discovery does.
 */
async function discoverStandardWallets(ctx: PluginContext, onWallet: (wallet: BitcoinWallet) => void): Promise<void> {
  let app: typeof import('@wallet-standard/app')
  try {
    app = await walletStandardApp()
  } catch (error) {
    ctx.events.emit('error', { source: 'bip122', error })
    return
  }
  const { get, on } = app.getWallets()
  const consider = (wallets: readonly unknown[]) => {
    for (const w of wallets) if (isStandardBitcoinWallet(w)) onWallet(fromWalletStandard(w))
  }
  consider(get())
  ctx.track(toDisposable(on('register', (...wallets) => consider(wallets))))
}

/**
 * Every method goes to the bip122 namespace's active connection: one of this plugin's wallets, or another connector's
 * (a WalletConnect session), which is sent WalletConnect's bitcoin methods through its `request`.
 */
function registerRpc(ctx: PluginContext): void {
  const active = (): {
    wallet: BitcoinWallet
    network: CaipNetwork
    account: BitcoinAccount
    accountOf(address: string): BitcoinAccount | undefined
    session?: SessionRequest
  } => {
    const session = ctx.connection.active('bip122')
    if (!session) throw new ProviderRpcError(4100, 'Please connect a wallet first')
    const { connector, network, address } = session
    if (connector instanceof Bip122Connector) {
      const account = connector.account(address)
      if (!account) throw new ProviderRpcError(4100, 'Please connect a wallet first')
      return { wallet: connector.wallet, network, account, accountOf: (a) => connector.account(a) }
    }
    if (!connector.request) throw new ProviderRpcError(4100, 'Please connect a wallet first')
    const request: SessionRequest = (method, params) => connector.request!({ namespace: 'bip122', caipNetworkId: network.caipNetworkId, method, params })
    const { wallet, account } = sessionWallet(request, address)
    return { wallet, network, account, accountOf: (a) => (a === account.address ? account : undefined), session: request }
  }
  ctx.registerRpc('bip122:signMessage', async ({ message, address, protocol }) => {
    const { accountOf, wallet, network, account } = active()
    const signer = address ? accountOf(address) : account
    if (!signer) throw new ProviderRpcError(4100, `The wallet has not shared ${address}`)
    // Legacy signing exists only for P2PKH keys; segwit and taproot addresses sign with BIP-322 simple.
    const chosen = protocol ?? (decodeBitcoinAddress(signer.address)?.type === 'p2pkh' ? 'ECDSA' : 'BIP322')
    const signature = await wallet.signMessage({ address: signer.address, message, protocol: chosen, network })
    return { address: signer.address, signature, protocol: chosen }
  })
  ctx.registerRpc('bip122:signPsbt', async ({ psbt, signInputs, broadcast }) => {
    const { wallet, network, account, session } = active()
    // WalletConnect's signPsbt broadcasts itself when asked (and answers the txid).
    if (session) return signPsbtThroughSession(session, account.address, psbt, signInputs, broadcast === true)
    const signed = await wallet.signPsbt({ psbt, signInputs, network })
    if (!broadcast) return { psbt: signed }
    return { psbt: signed, txid: await broadcastTransaction(esploraUrl(network), await extractTransaction(signed)) }
  })
  ctx.registerRpc('bip122:sendTransfer', async ({ recipients }) => {
    const { wallet, network, account } = active()
    return { txid: await sendTransfer(wallet, account, recipients, network) }
  })
}

function dedupe(networks: CaipNetwork[]): CaipNetwork[] {
  const byId = new Map<string, CaipNetwork>()
  for (const n of networks) byId.set(n.caipNetworkId, n)
  return [...byId.values()]
}
