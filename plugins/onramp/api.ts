import { SDK_TYPE, SDK_VERSION, withSdkParams } from 'portico/plugin'
import type { OnrampOptions, OnrampQuote } from './limits.ts'

/** The SPEC §7 on-ramp calls of the blockchain API (projectId, st and sv on each). */
export interface OnrampApi {
  getOptions(): Promise<OnrampOptions>
  getQuote(input: { purchaseCurrency: string; paymentCurrency: string; amount: string; network: string; paymentMethod: string }): Promise<OnrampQuote>
  generateUrl(input: {
    address: string
    network: string
    purchaseCurrency: string
    presetFiatAmount: string
    presetCryptoAmount?: string
    fiatCurrency: string
    paymentMethod: string
    partnerUserId: string
  }): Promise<string>
  /** The local stack's order status (not in the hosted API): undefined when the URL is not one of its orders. */
  getOrder?(url: string): Promise<OnrampOrderStatus | undefined>
}

export interface OnrampOrderStatus {
  id: string
  status: 'pending' | 'completed' | 'failed'
  txHash?: string
  error?: string
}

/** An answer that is not a success, with the server's own reason when it gives one. */
async function failure(res: Response, what: string): Promise<Error> {
  let reason = `${what}: HTTP ${res.status}`
  try {
    const body = (await res.json()) as { error?: unknown }
    if (typeof body?.error === 'string' && body.error) reason = body.error
  } catch {
    // not JSON
  }
  return Object.assign(new Error(reason), { status: res.status })
}

const isAmount = (v: unknown) => !!v && typeof v === 'object' && typeof (v as { amount?: unknown }).amount === 'string' && typeof (v as { currency?: unknown }).currency === 'string'

function checkQuote(body: unknown): OnrampQuote {
  const q = body as Record<string, unknown>
  for (const k of ['coinbaseFee', 'networkFee', 'paymentSubtotal', 'paymentTotal', 'purchaseAmount']) {
    if (!isAmount(q?.[k])) throw new Error(`quote: ${k} is missing`)
  }
  return { ...(q as unknown as OnrampQuote), quoteId: typeof q.quoteId === 'string' ? q.quoteId : '' }
}

function checkOptions(body: unknown): OnrampOptions {
  const o = body as Partial<OnrampOptions>
  if (!Array.isArray(o?.purchaseCurrencies) || !Array.isArray(o?.paymentCurrencies)) throw new Error('options: purchaseCurrencies or paymentCurrencies is missing')
  for (const c of o.purchaseCurrencies) if (typeof c?.id !== 'string' || !Array.isArray(c.networks)) throw new Error('options: a purchase currency is malformed')
  for (const c of o.paymentCurrencies) if (typeof c?.id !== 'string' || !Array.isArray(c.payment_method_limits)) throw new Error('options: a payment currency is malformed')
  return o as OnrampOptions
}

const ORDER_PATH = /\/onramp-provider\/([0-9a-f-]{36})$/

/** The blockchain API client: `baseUrl` is the modal's blockchainApi endpoint. */
export function onrampApi(opts: { baseUrl: () => string; projectId: () => string; fetch?: typeof fetch }): OnrampApi {
  const doFetch = opts.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  const url = (path: string) => withSdkParams(`${opts.baseUrl().replace(/\/$/, '')}${path}`, { projectId: opts.projectId(), st: SDK_TYPE, sv: SDK_VERSION })
  const post = async (path: string, body: unknown, what: string) => {
    const res = await doFetch(url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    if (!res.ok) throw await failure(res, what)
    return res.json() as Promise<unknown>
  }
  return {
    async getOptions() {
      const res = await doFetch(url('/v1/onramp/options'))
      if (!res.ok) throw await failure(res, 'options')
      return checkOptions(await res.json())
    },
    async getQuote(input) {
      return checkQuote(await post('/v1/onramp/quote', input, 'quote'))
    },
    async generateUrl(input) {
      const body = (await post(
        '/v1/generators/onrampurl',
        {
          destinationWallets: [{ address: input.address, blockchains: [input.network], assets: [input.purchaseCurrency] }],
          defaultNetwork: input.network,
          partnerUserId: input.partnerUserId,
          defaultExperience: 'buy',
          presetCryptoAmount: input.presetCryptoAmount,
          presetFiatAmount: input.presetFiatAmount,
          fiatCurrency: input.fiatCurrency,
          paymentMethod: input.paymentMethod,
          purchaseCurrency: input.purchaseCurrency,
        },
        'onrampurl',
      )) as { url?: unknown }
      if (typeof body?.url !== 'string' || !/^https?:\/\//.test(body.url)) throw new Error('onrampurl: the answer has no url')
      return body.url
    },
    async getOrder(pageUrl) {
      // Only the local stack's provider page (same origin as the API) has an order to poll.
      const id = ORDER_PATH.exec(pageUrl)?.[1]
      if (!id || new URL(pageUrl).origin !== new URL(opts.baseUrl()).origin) return undefined
      const res = await doFetch(url(`/v1/onramp/orders/${id}`))
      if (!res.ok) throw await failure(res, 'order')
      const body = (await res.json()) as OnrampOrderStatus
      return { id: body.id, status: body.status, txHash: body.txHash, error: body.error }
    },
  }
}
