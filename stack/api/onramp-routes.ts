import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createWalletClient, formatEther, http, parseEther, toHex, type Address, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import {
  amountProblem,
  defaultOnrampOptions,
  PAYMENT_METHOD_CARD,
  PAYMENT_METHOD_LABELS,
  toCents,
  type OnrampNetwork,
  type OnrampOptions,
  type OnrampQuote,
} from 'portico/plugins/onramp'
import { DEV_MNEMONIC } from '../chain/index.ts'
import { NATIVE_PRICE_USD, type ChainRuntime } from './chains.ts'
import { COMMON_QUERY } from './http.ts'

/**
 * The on-ramp of the local stack (SPEC §3 Onramp options and quote, §5 limits, §7 onramp/* and generators/onrampurl),
 * and a stand-in for the provider's checkout page:
 *   GET  /v1/onramp/options             -> { purchaseCurrencies, paymentCurrencies }   ETH on each dev chain, USD/EUR
 *   POST /v1/onramp/quote               { purchaseCurrency, paymentCurrency, amount, network, paymentMethod? } -> quote
 *   POST /v1/generators/onrampurl       { destinationWallets, defaultNetwork, partnerUserId, defaultExperience,
 *                                         presetCryptoAmount?, presetFiatAmount, fiatCurrency?, paymentMethod? } -> { url }
 *   GET  /v1/onramp/orders/{id}         -> the order and its status (pending, completed, failed): the modal polls it
 *   GET  /onramp-provider/{id}          the provider page (HTML, this server's origin, no projectId)
 *   POST /onramp-provider/{id}/pay      "Pay": sends the purchased ETH from the faucet account to the wallet
 * Orders live in memory (at most MAX_ORDERS, the oldest dropped): a dev stand-in, nothing in the database. Bad input
 * answers 400 with a message and creates no order.
 */

/** The dev account that pays out purchases: its own derivation index, so no seeded account's balance moves. */
export const ONRAMP_FAUCET_INDEX = 20
/** Fee of the local provider, in basis points of the payment, and its fixed network fee in cents. */
export const ONRAMP_FEE_BPS = 100
export const ONRAMP_NETWORK_FEE_CENTS = 100
/** EUR -> USD rate of the local provider (fixed, like the stack's ETH price). */
export const EUR_USD_RATE = 1.08
const MAX_ORDERS = 1000
const FAUCET_TOP_UP = parseEther('1000')

export type OnrampOrder = {
  id: string
  status: 'pending' | 'paying' | 'completed' | 'failed'
  address: Address
  chainId: number
  network: string
  paymentCurrency: string
  paymentMethod: string
  partnerUserId: string
  quote: OnrampQuote
  /** Wei the faucet sends. */
  wei: string
  txHash?: Hex
  error?: string
  createdAt: string
}

export type OnrampService = {
  options(): OnrampOptions
  orders: Map<string, OnrampOrder>
  pay(order: OnrampOrder): Promise<void>
  baseUrl(): string
  faucetAddress: Address
}

class BadInput extends Error {
  statusCode = 400
}

/** The on-ramp state shared by the API routes and the provider page. */
export function createOnrampService(opts: { chains: ChainRuntime[]; mnemonic?: string; baseUrl: () => string }): OnrampService {
  const faucet = mnemonicToAccount(opts.mnemonic ?? DEV_MNEMONIC, { addressIndex: ONRAMP_FAUCET_INDEX })
  const networks: OnrampNetwork[] = opts.chains.map((c) => ({ name: networkName(c.chainId), display_name: c.name, chain_id: String(c.chainId), contract_address: '' }))
  // One payout at a time: the faucet's nonces stay in order.
  let queue: Promise<unknown> = Promise.resolve()
  return {
    faucetAddress: faucet.address,
    baseUrl: opts.baseUrl,
    orders: new Map(),
    options: () => (networks.length ? defaultOnrampOptions(networks) : defaultOnrampOptions()),
    pay(order) {
      const run = queue.then(async () => {
        const chain = opts.chains.find((c) => c.chainId === order.chainId)
        if (!chain) throw new Error(`No dev chain ${order.chainId}`)
        const wei = BigInt(order.wei)
        const balance = await chain.client.getBalance({ address: faucet.address })
        if (balance < wei + parseEther('1')) {
          // A dev chain (anvil): top the faucet up instead of draining a seeded account.
          await chain.client.request({ method: 'anvil_setBalance' as never, params: [faucet.address, toHex(balance + FAUCET_TOP_UP)] as never })
        }
        const wallet = createWalletClient({ account: faucet, transport: http(chain.rpcUrl, { retryCount: 0, timeout: 10_000 }) })
        const hash = await wallet.sendTransaction({ chain: null, to: order.address, value: wei })
        order.txHash = hash
        const receipt = await chain.client.waitForTransactionReceipt({ hash, timeout: 30_000 })
        if (receipt.status !== 'success') throw new Error('The payout transaction reverted')
      })
      queue = run.catch(() => undefined)
      return run
    },
  }
}

/** The on-ramp network name of a dev chain (the options' `name`, the generator's `defaultNetwork`). */
export function networkName(chainId: number): string {
  return `eip155-${chainId}`
}

const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : undefined

/** A quote for a valid request, or a BadInput naming the problem. */
export function quoteFor(
  options: OnrampOptions,
  input: { purchaseCurrency: string; paymentCurrency: string; amount: string; network: string; paymentMethod: string },
): { quote: OnrampQuote; wei: bigint; chainId: number } {
  const purchase = options.purchaseCurrencies.find((c) => c.id === input.purchaseCurrency || c.symbol === input.purchaseCurrency)
  if (!purchase) throw new BadInput(`Unknown purchase currency: ${input.purchaseCurrency}`)
  const network = purchase.networks.find((n) => n.name === input.network || n.chain_id === input.network)
  if (!network) throw new BadInput(`Unknown network for ${purchase.symbol}: ${input.network}`)
  const problem = amountProblem(input.amount, input.paymentCurrency, input.paymentMethod, options)
  if (problem) throw new BadInput(problem)
  const total = toCents(input.amount)!
  const fee = Math.round((total * ONRAMP_FEE_BPS) / 10_000)
  const subtotal = total - fee - ONRAMP_NETWORK_FEE_CENTS
  const priceCents = Math.round((NATIVE_PRICE_USD * 100) / (input.paymentCurrency === 'EUR' ? EUR_USD_RATE : 1))
  // Whole gwei: a short, exact decimal to show and to send.
  const gwei = (BigInt(subtotal) * 10n ** 9n) / BigInt(priceCents)
  const wei = gwei * 10n ** 9n
  const money = (cents: number) => ({ amount: (cents / 100).toFixed(2), currency: input.paymentCurrency })
  return {
    wei,
    chainId: Number(network.chain_id),
    quote: {
      coinbaseFee: money(fee),
      networkFee: money(ONRAMP_NETWORK_FEE_CENTS),
      paymentSubtotal: money(subtotal),
      paymentTotal: money(total),
      purchaseAmount: { amount: formatEther(wei), currency: purchase.symbol },
      quoteId: randomUUID(),
    },
  }
}

const QUOTE_BODY = {
  type: 'object',
  required: ['purchaseCurrency', 'paymentCurrency', 'amount', 'network'],
  properties: {
    purchaseCurrency: { anyOf: [{ type: 'string', maxLength: 64 }, { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } }] },
    paymentCurrency: { anyOf: [{ type: 'string', maxLength: 64 }, { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } }] },
    amount: { type: 'string', maxLength: 32 },
    network: { type: 'string', maxLength: 64 },
    paymentMethod: { type: 'string', maxLength: 64 },
  },
} as const

const GENERATOR_BODY = {
  type: 'object',
  required: ['destinationWallets', 'defaultNetwork', 'presetFiatAmount'],
  properties: {
    destinationWallets: {
      type: 'array',
      minItems: 1,
      maxItems: 1,
      items: {
        type: 'object',
        required: ['address'],
        properties: {
          address: { type: 'string', maxLength: 100 },
          blockchains: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 64 } },
          assets: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 64 } },
        },
      },
    },
    defaultNetwork: { type: 'string', maxLength: 64 },
    partnerUserId: { type: 'string', maxLength: 200 },
    defaultExperience: { type: 'string', enum: ['buy'] },
    presetCryptoAmount: { type: 'string', maxLength: 64 },
    presetFiatAmount: { type: 'string', maxLength: 32 },
    fiatCurrency: { type: 'string', maxLength: 64 },
    paymentMethod: { type: 'string', maxLength: 64 },
    purchaseCurrency: { type: 'string', maxLength: 64 },
  },
} as const

/** The SPEC §7 on-ramp calls, in the projectId-guarded scope. */
export function registerOnrampRoutes(app: FastifyInstance, service: OnrampService): void {
  app.get('/v1/onramp/options', { schema: { querystring: COMMON_QUERY } }, async () => service.options())

  app.post<{ Body: { purchaseCurrency: unknown; paymentCurrency: unknown; amount: string; network: string; paymentMethod?: string } }>(
    '/v1/onramp/quote',
    { schema: { querystring: COMMON_QUERY, body: QUOTE_BODY } },
    async (req) => {
      const b = req.body
      return quoteFor(service.options(), {
        purchaseCurrency: idOf(b.purchaseCurrency) ?? '',
        paymentCurrency: idOf(b.paymentCurrency) ?? '',
        amount: b.amount,
        network: b.network,
        paymentMethod: b.paymentMethod ?? PAYMENT_METHOD_CARD,
      }).quote
    },
  )

  app.post<{
    Body: {
      destinationWallets: Array<{ address: string; blockchains?: string[]; assets?: string[] }>
      defaultNetwork: string
      partnerUserId?: string
      presetFiatAmount: string
      fiatCurrency?: string
      paymentMethod?: string
      purchaseCurrency?: string
    }
  }>('/v1/generators/onrampurl', { schema: { querystring: COMMON_QUERY, body: GENERATOR_BODY } }, async (req) => {
    const b = req.body
    const wallet = b.destinationWallets[0]!
    if (!/^0x[0-9a-fA-F]{40}$/.test(wallet.address)) throw new BadInput('destinationWallets[0].address is not an EVM address')
    const purchaseCurrency = b.purchaseCurrency ?? wallet.assets?.[0] ?? 'ETH'
    const paymentCurrency = b.fiatCurrency ?? 'USD'
    const paymentMethod = b.paymentMethod ?? PAYMENT_METHOD_CARD
    const { quote, wei, chainId } = quoteFor(service.options(), { purchaseCurrency, paymentCurrency, amount: b.presetFiatAmount, network: b.defaultNetwork, paymentMethod })
    const order: OnrampOrder = {
      id: randomUUID(),
      status: 'pending',
      address: wallet.address as Address,
      chainId,
      network: b.defaultNetwork,
      paymentCurrency,
      paymentMethod,
      partnerUserId: b.partnerUserId ?? '',
      quote,
      wei: wei.toString(),
      createdAt: new Date().toISOString(),
    }
    if (service.orders.size >= MAX_ORDERS) service.orders.delete(service.orders.keys().next().value!)
    service.orders.set(order.id, order)
    return { url: `${service.baseUrl()}/onramp-provider/${order.id}` }
  })

  app.get<{ Params: { id: string } }>('/v1/onramp/orders/:id', { schema: { querystring: COMMON_QUERY } }, async (req, reply) => {
    const order = service.orders.get(req.params.id)
    if (!order) return reply.code(404).send({ error: 'Unknown order' })
    return publicOrder(order)
  })
}

function publicOrder(order: OnrampOrder) {
  const { wei: _wei, partnerUserId: _p, ...rest } = order
  // 'paying' is still pending for the buyer.
  return { ...rest, status: order.status === 'paying' ? 'pending' : order.status }
}

/** The local provider's checkout page, outside the projectId guard (a browser opens it as a plain page). */
export async function registerOnrampProviderPage(app: FastifyInstance, service: OnrampService): Promise<void> {
  // The Pay form posts no fields: accept the browser's form encoding and ignore the body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}))

  const page = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
      .header('cache-control', 'no-store')
      .send(providerHtml(body))

  app.get<{ Params: { id: string } }>('/onramp-provider/:id', async (req, reply) => {
    const order = service.orders.get(req.params.id)
    if (!order) return page(reply, 404, '<h1>Order not found</h1><p>This order does not exist or has expired.</p>')
    return page(reply, 200, orderHtml(order))
  })

  app.post<{ Params: { id: string } }>('/onramp-provider/:id/pay', async (req: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const order = service.orders.get(req.params.id)
    if (!order) return page(reply, 404, '<h1>Order not found</h1><p>This order does not exist or has expired.</p>')
    // Only this page pays: a form on another site cannot spend the faucet.
    const origin = req.headers.origin
    if (origin !== undefined && origin !== service.baseUrl()) return page(reply, 403, '<h1>Forbidden</h1><p>Payments are accepted from this page only.</p>')
    if (order.status === 'pending') {
      order.status = 'paying'
      try {
        await service.pay(order)
        order.status = 'completed'
      } catch (err) {
        order.status = 'failed'
        order.error = err instanceof Error ? err.message.split('\n')[0] : String(err)
      }
    }
    return reply.code(303).header('location', `/onramp-provider/${order.id}`).send()
  })
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function providerHtml(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Portico Pay (local on-ramp)</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#111}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:#555}dd{margin:0;word-break:break-all}button{font:inherit;padding:10px 20px;border-radius:8px;border:0;background:#1a56db;color:#fff;cursor:pointer}</style>
</head><body><main>${body}</main></body></html>`
}

function orderHtml(order: OnrampOrder): string {
  const q = order.quote
  const rows: Array<[string, string]> = [
    ['You buy', `${q.purchaseAmount.amount} ${q.purchaseAmount.currency}`],
    ['Network', order.network],
    ['To wallet', order.address],
    ['Payment method', PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod],
    ['Subtotal', `${q.paymentSubtotal.amount} ${q.paymentSubtotal.currency}`],
    ['Fee', `${q.coinbaseFee.amount} ${q.coinbaseFee.currency}`],
    ['Network fee', `${q.networkFee.amount} ${q.networkFee.currency}`],
    ['Total', `${q.paymentTotal.amount} ${q.paymentTotal.currency}`],
  ]
  if (order.txHash) rows.push(['Transaction', order.txHash])
  const details = `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`
  if (order.status === 'completed') return `<h1>Payment complete</h1><p role="status">${escapeHtml(`${q.purchaseAmount.amount} ${q.purchaseAmount.currency} sent to your wallet.`)}</p>${details}`
  if (order.status === 'failed') return `<h1>Payment failed</h1><p role="alert">${escapeHtml(order.error ?? 'The payout failed')}</p>${details}`
  if (order.status === 'paying') return `<h1>Processing payment</h1>${details}`
  return `<h1>Portico Pay</h1><p>A local stand-in for an on-ramp provider: Pay sends the ETH from a dev faucet account.</p>${details}
<form method="post" action="/onramp-provider/${escapeHtml(order.id)}/pay"><button type="submit">Pay ${escapeHtml(`${q.paymentTotal.amount} ${q.paymentTotal.currency}`)}</button></form>`
}
