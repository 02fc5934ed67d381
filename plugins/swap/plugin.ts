/** The swap plugin's code, loaded by index.ts with a dynamic import (its registration and everything it uses). */
import { definePlugin, toDisposable, type PluginContext } from 'portico/plugin'
import { AccountDataTokens } from 'portico/plugins/account-data'
import { message } from 'portico/react'
import { ConvertApi, type ConvertClient, type ConvertToken, type ConvertTransaction } from './api.ts'
import { SwapController, type SwapControllerDeps } from './controller.ts'
import { messages } from './messages.ts'
import { SwapTokens } from './tokens.ts'


declare module 'portico' {
  interface ViewParams {
    /** SPEC §2 Swap: tokens, amount and quote. */
    Swap: undefined
    /** The token picker of the swap flow, for one side. */
    SwapSelectToken: { side: 'from' | 'to' }
    /** The preview: quote, price impact, network fee, minimum received; Approve then Swap. */
    SwapPreview: undefined
  }
}

export interface SwapOptions {
  /** Order of the "Swap" button among the Account actions. @default 20 */
  order?: number
  /** Base URL of the convert API. @default the modal's blockchain API endpoint */
  apiUrl?: string
  /** Replaces the convert API client (tests). */
  api?: ConvertClient
  /** Waits between receipt polls, in ms. @default 1000 */
  receiptPollMs?: number
}

/** SPEC §9 polling interval: the second read of balances and Activity after a swap, once the backend indexed it. */
const HISTORY_REFRESH_MS = 4_000

/** How many receipt polls before the flow gives up waiting (the transaction may still be mined later). */
const RECEIPT_POLLS = 120

/**
 * Swap (SPEC §2 Swap, §7 /v1/convert/*): an Account action "Swap" on eip155 opening the Swap view, its token picker
 * and preview. Quotes, allowance, gas price and the transactions come from the convert API; the wallet signs through
 * the eip155 plugin's RPC methods (no import of that plugin).
 * @example createModal({ projectId, plugins: [eip155(), swap()] })
 */
export function swap(options: SwapOptions = {}) {
  return definePlugin({
    id: 'swap',
    kind: 'feature',
    portico: '1.x',
    optional: [AccountDataTokens.TokenBalance, AccountDataTokens.Transactions],
    setup(ctx) {
      ctx.provide(SwapTokens.Controller, () => new SwapController(controllerDeps(ctx, options)))
      ctx.registerView('Swap', () => import('./views/SwapView.tsx'), { title: message(messages, 'swap') })
      ctx.registerView('SwapSelectToken', () => import('./views/SwapSelectTokenView.tsx'), { title: message(messages, 'selectToken') })
      ctx.registerView('SwapPreview', () => import('./views/SwapPreviewView.tsx'), { title: message(messages, 'reviewSwap') })
      ctx.registerAccountAction({
        id: 'swap',
        label: message(messages, 'swap'),
        order: options.order ?? 20,
        view: 'Swap',
        available: ({ namespace }) => namespace === 'eip155',
      })
    },
  })
}

const hex = (n: bigint): `0x${string}` => `0x${n.toString(16)}`
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

function controllerDeps(ctx: PluginContext, options: SwapOptions): SwapControllerDeps {
  const rpc = (method: string, params: unknown) =>
    (ctx.request as unknown as (m: string, p: unknown) => Promise<unknown>)(method, params)
  const request = (method: string, params: readonly unknown[]) => rpc('eip155:request', { method, params })
  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
  let api = options.api
  return {
    get api() {
      if (!api) {
        const o = ctx.state.options.getSnapshot()
        api = new ConvertApi({ baseUrl: options.apiUrl ?? o.endpoints.blockchainApi, projectId: o.projectId ?? '' })
      }
      return api
    },
    active() {
      const session = ctx.connection.active()
      return session ? { namespace: session.network.chainNamespace, caipNetworkId: session.network.caipNetworkId, address: session.address } : undefined
    },
    async balances(tokens: readonly ConvertToken[]) {
      const session = ctx.connection.active()
      if (!session) return {}
      const owner = session.address.toLowerCase().replace(/^0x/, '').padStart(64, '0')
      const out: Record<string, bigint> = {}
      await Promise.all(
        tokens.map(async (t) => {
          const address = t.address.slice(t.address.lastIndexOf(':') + 1)
          const raw =
            address.toLowerCase() === NATIVE
              ? await request('eth_getBalance', [session.address, 'latest'])
              : await request('eth_call', [{ to: address, data: `0x70a08231${owner}` }, 'latest'])
          if (typeof raw === 'string' && /^0x[0-9a-fA-F]+$/.test(raw)) out[t.address.toLowerCase()] = BigInt(raw)
        }),
      )
      return out
    },
    sendTransaction: (tx: ConvertTransaction) =>
      rpc('eip155:eth_sendTransaction', { to: tx.to, data: tx.data, value: hex(tx.value) }) as Promise<string>,
    async waitForReceipt(hash) {
      for (let i = 0; i < RECEIPT_POLLS; i++) {
        const receipt = (await request('eth_getTransactionReceipt', [hash])) as { status?: string } | null
        if (receipt) return receipt.status !== '0x0'
        await sleep(i === 0 ? 250 : (options.receiptPollMs ?? 1000))
      }
      throw new Error('The transaction is not confirmed yet; check Activity later')
    },
    snackbar: ctx.snackbar,
    done() {
      const session = ctx.connection.active()
      if (session) void ctx.balance.refresh(session.network.chainNamespace, { force: true })
      // The account data's Tokens list and Activity, past their 30 s cache, when the host has that plugin (declared
      // optional; its tokens module is side-effect free, so a host without account data ships none of its code).
      const refreshData = () => {
        if (ctx.has(AccountDataTokens.TokenBalance)) void ctx.get(AccountDataTokens.TokenBalance).fetch({ force: true, forceUpdate: 'true' }).catch(() => undefined)
        if (ctx.has(AccountDataTokens.Transactions)) void ctx.get(AccountDataTokens.Transactions).refresh().catch(() => undefined)
      }
      refreshData()
      // The history backend indexes blocks on its own schedule: read it again one polling interval later.
      const timer = setTimeout(refreshData, HISTORY_REFRESH_MS)
      ctx.track(toDisposable(() => clearTimeout(timer)))
      ctx.router.reset('Account')
    },
  }
}
