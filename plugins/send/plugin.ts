/** The send plugin's code, loaded by index.ts with a dynamic import (its registration and everything it uses). */
import { definePlugin, type ChainNamespace, type PluginContext, type Token } from 'portico/plugin'
import { AccountDataTokens } from 'portico/plugins/account-data'
import { NamesTokens } from 'portico/plugins/names'
import { message } from 'portico/react'
import type { SendControllerDeps } from './controller.ts'
import { eip155Sender, type Eip155Rpc } from './eip155.ts'
import { messages } from './messages.ts'
import { SenderRegistry, toSendToken } from './registry.ts'
import { SendTokens } from './tokens.ts'


declare module 'portico' {
  interface ViewParams {
    /** SPEC §4 Send: token, amount and receiver. */
    WalletSend: undefined
    /** The token picker of the send flow. */
    WalletSendSelectToken: undefined
    /** The preview (network fee, "Send") and the sending state. */
    WalletSendPreview: undefined
  }
}

export interface SendOptions {
  /** Order of the "Send" button among the Account actions. @default 10 */
  order?: number
}

/** SPEC §9 polling interval: the history is read again this long after a send. */
const HISTORY_RECHECK_MS = 4_000

/** The CAIP-10 placeholder of a native token in the blockchain API (POST /v1/fungible/price). */
const NATIVE_PLACEHOLDER = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/**
 * Send (SPEC §4): an Account action "Send" opening the send flow (token picker, amount and receiver, preview,
 * sending). Native and ERC-20 on eip155 come with it; another namespace sends when its chain plugin registers a
 * sender under `SendTokens.Senders`. Token balances, prices, profiles and analytics come from the account-data plugin
 * when present, account names from the names plugin when present (both declared `optional`).
 * @example createModal({ projectId, plugins: [eip155(), accountData(), send()] })
 */
export function send(options: SendOptions = {}) {
  return definePlugin({
    id: 'send',
    kind: 'feature',
    portico: '1.x',
    provides: [SendTokens.Senders, SendTokens.Flow],
    optional: [AccountDataTokens.TokenBalance, AccountDataTokens.BlockchainApi, AccountDataTokens.Transactions, AccountDataTokens.Analytics, NamesTokens.Lookup],
    setup(ctx) {
      const senders = new SenderRegistry()
      ctx.provide(SendTokens.Senders, () => senders)
      ctx.track(senders.register(eip155Sender(eip155Rpc(ctx))))
      ctx.provide(SendTokens.Deps, () => controllerDeps(ctx, senders))
      ctx.provide(SendTokens.Flow, (get) => ({
        controller: async () => (await import('./views/flow.ts')).controllerFor(get(SendTokens.Deps)),
      }))
      ctx.registerView('WalletSend', () => import('./views/SendView.tsx'), { title: message(messages, 'send') })
      ctx.registerView('WalletSendSelectToken', () => import('./views/SelectTokenView.tsx'), { title: message(messages, 'selectToken') })
      ctx.registerView('WalletSendPreview', () => import('./views/PreviewView.tsx'), { title: message(messages, 'reviewSend') })
      ctx.registerAccountAction({
        id: 'send',
        label: message(messages, 'send'),
        order: options.order ?? 10,
        view: 'WalletSend',
        available: ({ namespace }) => senders.has(namespace),
      })
    },
  })
}

/** The eip155 plugin's RPC methods, reached through the kernel's RPC registry (no import of the eip155 plugin). */
function eip155Rpc(ctx: PluginContext): Eip155Rpc {
  const call = (method: string, params: unknown) =>
    (ctx.request as unknown as (m: string, p: unknown) => Promise<unknown>)(method, params)
  return {
    request: (method, params) => call('eip155:request', { method, params }),
    sendTransaction: async (tx) => (await call('eip155:eth_sendTransaction', tx)) as `0x${string}`,
  }
}

function controllerDeps(ctx: PluginContext, senders: SenderRegistry): SendControllerDeps {
  const optional = <V,>(token: Token<V>): V | undefined => (ctx.has(token) ? ctx.get(token) : undefined)
  const account = (ns: ChainNamespace) => ctx.state.accounts.getSnapshot().byNamespace[ns]
  let recheck: ReturnType<typeof setTimeout> | undefined
  ctx.track({ dispose: () => clearTimeout(recheck) })
  return {
    senders,
    active: () => {
      const session = ctx.connection.active()
      return session ? { namespace: session.network.chainNamespace, address: session.address, network: session.network } : undefined
    },
    async loadTokens({ force }) {
      const session = ctx.connection.active()
      if (!session) return []
      const { network } = session
      const balances = optional(AccountDataTokens.TokenBalance)
      const listed = balances ? (await balances.fetch({ force })).filter((t) => t.chainId === network.caipNetworkId).map(toSendToken) : []
      if (listed.some((t) => !t.address)) return listed
      // The native token from the kernel's balance when the list has none.
      await ctx.balance.refresh(network.chainNamespace, { force })
      const native = account(network.chainNamespace)
      if (!native?.balance) return listed
      const { name, symbol, decimals } = network.nativeCurrency
      return [{ name, symbol, decimals, chainId: network.caipNetworkId, balance: native.balance }, ...listed]
    },
    async price(token) {
      const api = optional(AccountDataTokens.BlockchainApi)
      if (!api) return undefined
      const caip10 = `${token.chainId}:${token.address ?? NATIVE_PLACEHOLDER}`
      const { fungibles } = await api.fungiblePrice({ currency: 'usd', addresses: [caip10] })
      return fungibles.find((f) => f.address.toLowerCase() === caip10.toLowerCase())?.price ?? fungibles[0]?.price
    },
    async profile(address, namespace) {
      const names = optional(NamesTokens.Lookup)
      if (names?.reverse) return names.reverse(address, namespace)
      const api = optional(AccountDataTokens.BlockchainApi)
      if (!api) return undefined
      const identity = await api.identity(address)
      return identity.name || identity.avatar ? { address, name: identity.name, avatar: identity.avatar } : undefined
    },
    names: () => optional(NamesTokens.Lookup),
    snackbar: ctx.snackbar,
    router: {
      push: (view) => ctx.router.push(view),
      replace: (view) => ctx.router.replace(view),
      reset: (view) => ctx.router.reset(view),
      goBack: () => ctx.router.goBack(),
    },
    refresh(namespace) {
      // The 30 s caches are bypassed: the balance, the token list and the Activity list are read again.
      void ctx.balance.refresh(namespace, { force: true })
      const tokens = optional(AccountDataTokens.TokenBalance)
      void tokens?.fetch({ force: true, forceUpdate: 'true' })
      const history = optional(AccountDataTokens.Transactions)
      void history?.refresh()
      // The history comes from an indexer that lags the chain: asked again after one polling interval (SPEC §9).
      clearTimeout(recheck)
      if (history) recheck = setTimeout(() => void history.refresh(), HISTORY_RECHECK_MS)
    },
    track(event, properties) {
      void optional(AccountDataTokens.Analytics)?.track(event, properties)
    },
    isSmartAccount() {
      const session = ctx.connection.active()
      if (!session) return false
      const entry = account(session.network.chainNamespace)?.allAccounts.find((a) => a.address === session.address)
      return entry?.type === 'smartAccount'
    },
  }
}
