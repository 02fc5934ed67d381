import { ErrorText, SDK_TYPE, SDK_VERSION, withSdkParams } from 'portico/plugin'

/** A token of `GET /v1/convert/tokens` (SPEC §3 swap token; `address` is CAIP-10, native is 0xeeee...). */
export interface ConvertToken {
  name: string
  symbol: string
  address: string
  decimals: number
  logoUri?: string
  eip2612?: boolean
}

/** One quote of `GET /v1/convert/quotes` (amounts in base units). */
export interface ConvertQuote {
  id: string | null
  fromAccount: string
  toAccount: string
  fromAmount: bigint
  toAmount: bigint
}

/** The gas prices of `GET /v1/convert/gas-price`, in wei. */
export interface ConvertGasPrice {
  standard: bigint
  fast: bigint
  instant: bigint
}

/** A transaction of build-approve or build-transaction, made ready for eth_sendTransaction. */
export interface ConvertTransaction {
  /** Plain addresses (the API answers CAIP-10). */
  from: `0x${string}`
  to: `0x${string}`
  data: `0x${string}`
  value: bigint
  gas: bigint
  gasPrice: bigint
}

/** A failed convert call: `message` is the API's reason (e.g. SPEC §8 "Network not supported for Swaps"). */
export class ConvertApiError extends Error {
  override readonly name = 'ConvertApiError'
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message)
  }
}

/** What the swap flow needs from the backend; tests give a fake. */
export interface ConvertClient {
  tokens(chainId: string): Promise<ConvertToken[]>
  quote(q: { amount: bigint; userAddress: string; from: string; to: string; gasPrice?: bigint }): Promise<ConvertQuote | undefined>
  allowance(q: { tokenAddress: string; userAddress: string }): Promise<bigint>
  gasPrice(chainId: string): Promise<ConvertGasPrice>
  buildApprove(q: { userAddress: string; from: string; to: string; amount: bigint }): Promise<ConvertTransaction>
  buildTransaction(q: { amount: bigint; from: string; to: string; userAddress: string; slippage: string }): Promise<ConvertTransaction>
  /** USD prices by CAIP-10 address (lower-cased), from POST /v1/fungible/price. */
  prices(addresses: readonly string[]): Promise<Record<string, number>>
}

export interface ConvertApiOptions {
  /** The blockchain API base URL (the modal's `endpoints.blockchainApi`). */
  baseUrl: string
  projectId: string
  fetch?: typeof fetch
}

const plain = (caip10: unknown): `0x${string}` => {
  const s = String(caip10)
  return s.slice(s.lastIndexOf(':') + 1) as `0x${string}`
}
const big = (v: unknown, name: string): bigint => {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
  if (typeof v !== 'string' || !/^[0-9]{1,78}$/.test(v)) throw new ConvertApiError(`Bad reply: ${name}`, undefined)
  return BigInt(v)
}

/** SPEC §7 /v1/convert/* and /v1/fungible/price, over fetch. */
export class ConvertApi implements ConvertClient {
  private readonly doFetch: typeof fetch

  constructor(private readonly options: ConvertApiOptions) {
    this.doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  }

  private async call(path: string, query: Record<string, string> = {}, body?: object): Promise<Record<string, unknown>> {
    const url = new URL(`${this.options.baseUrl.replace(/\/$/, '')}${path}`)
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
    const href = withSdkParams(url, { projectId: this.options.projectId, st: SDK_TYPE, sv: SDK_VERSION })
    let res: Response
    try {
      res = await this.doFetch(
        href,
        body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, projectId: this.options.projectId }) } : undefined,
      )
    } catch (error) {
      throw new ConvertApiError((error as Error)?.message || ErrorText.AN_ERROR_OCCURRED, undefined)
    }
    let json: unknown
    try {
      json = await res.json()
    } catch {
      json = undefined
    }
    const reply = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>
    if (!res.ok) throw new ConvertApiError(typeof reply.error === 'string' && reply.error ? reply.error : `${path}: HTTP ${res.status}`, res.status)
    return reply
  }

  async tokens(chainId: string): Promise<ConvertToken[]> {
    const r = await this.call('/v1/convert/tokens', { chainId })
    if (!Array.isArray(r.tokens)) throw new ConvertApiError('Bad reply: tokens', undefined)
    return r.tokens.flatMap((t: Record<string, unknown>) =>
      t && typeof t.symbol === 'string' && typeof t.address === 'string' && typeof t.decimals === 'number'
        ? [{ name: String(t.name ?? t.symbol), symbol: t.symbol, address: t.address, decimals: t.decimals, logoUri: typeof t.logoUri === 'string' ? t.logoUri : undefined, eip2612: t.eip2612 === true }]
        : [],
    )
  }

  async quote(q: { amount: bigint; userAddress: string; from: string; to: string; gasPrice?: bigint }): Promise<ConvertQuote | undefined> {
    const query: Record<string, string> = { amount: q.amount.toString(), userAddress: q.userAddress, from: q.from, to: q.to }
    if (q.gasPrice !== undefined) query.gasPrice = q.gasPrice.toString()
    const r = await this.call('/v1/convert/quotes', query)
    const first = Array.isArray(r.quotes) ? (r.quotes[0] as Record<string, unknown> | undefined) : undefined
    if (!first) return undefined
    return {
      id: typeof first.id === 'string' ? first.id : null,
      fromAccount: String(first.fromAccount),
      toAccount: String(first.toAccount),
      fromAmount: big(first.fromAmount, 'fromAmount'),
      toAmount: big(first.toAmount, 'toAmount'),
    }
  }

  async allowance(q: { tokenAddress: string; userAddress: string }): Promise<bigint> {
    return big((await this.call('/v1/convert/allowance', q)).allowance, 'allowance')
  }

  async gasPrice(chainId: string): Promise<ConvertGasPrice> {
    const r = await this.call('/v1/convert/gas-price', { chainId })
    return { standard: big(r.standard, 'standard'), fast: big(r.fast, 'fast'), instant: big(r.instant, 'instant') }
  }

  private tx(r: Record<string, unknown>): ConvertTransaction {
    const tx = (r.tx ?? {}) as Record<string, unknown>
    const eip155 = (tx.eip155 ?? {}) as Record<string, unknown>
    if (typeof tx.data !== 'string' || !/^0x[0-9a-fA-F]*$/.test(tx.data)) throw new ConvertApiError('Bad reply: tx.data', undefined)
    return { from: plain(tx.from), to: plain(tx.to), data: tx.data as `0x${string}`, value: big(tx.value ?? '0', 'value'), gas: big(eip155.gas, 'gas'), gasPrice: big(eip155.gasPrice, 'gasPrice') }
  }

  async buildApprove(q: { userAddress: string; from: string; to: string; amount: bigint }): Promise<ConvertTransaction> {
    return this.tx(await this.call('/v1/convert/build-approve', { userAddress: q.userAddress, from: q.from, to: q.to, amount: q.amount.toString() }))
  }

  async buildTransaction(q: { amount: bigint; from: string; to: string; userAddress: string; slippage: string }): Promise<ConvertTransaction> {
    const body = { amount: q.amount.toString(), from: q.from, to: q.to, userAddress: q.userAddress, eip155: { slippage: q.slippage }, disableEstimate: false }
    return this.tx(await this.call('/v1/convert/build-transaction', {}, body))
  }

  async prices(addresses: readonly string[]): Promise<Record<string, number>> {
    const r = await this.call('/v1/fungible/price', {}, { currency: 'usd', addresses })
    const out: Record<string, number> = {}
    for (const f of Array.isArray(r.fungibles) ? (r.fungibles as Array<Record<string, unknown>>) : []) {
      if (typeof f?.address === 'string' && typeof f.price === 'number') out[f.address.toLowerCase()] = f.price
    }
    return out
  }
}
