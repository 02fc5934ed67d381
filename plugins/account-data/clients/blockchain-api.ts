import type { Identity, TokenBalance } from 'portico'
import { isRecord, JsonApi, list, num, nullableText, optionalText, record, text, type ApiClientDeps } from './http.ts'

/** SPEC §3 Transaction transfer: an NFT or a fungible token moving to or from the account. */
export interface TransactionTransfer {
  fungible_info?: { name: string; symbol: string; icon?: { url: string }; flags?: { is_spam: boolean } }
  nft_info?: {
    name: string
    token_id?: string
    interface?: string
    content?: { preview?: { url: string }; detail?: { url: string } }
    flags?: { is_spam: boolean }
  }
  direction?: 'in' | 'out' | 'self'
  quantity: { numeric: string }
  value?: number
  price?: number
}

/** SPEC §3 Transaction of the history. */
export interface Transaction {
  id: string
  metadata: {
    minedAt: string
    chain: string
    operationType: string
    status: string
    sentFrom: string
    sentTo: string
    hash?: string
  }
  transfers: TransactionTransfer[]
}

/** GET /v1/account/{account}/history answer: one page and the cursor of the next (null at the end). */
export interface HistoryPage {
  data: Transaction[]
  next: string | null
}

/** GET v1/supported-chains answer: CAIP-2 ids served over HTTP and WebSocket. */
export interface SupportedChains {
  http: string[]
  ws: string[]
}

/** One entry of POST /v1/fungible/price. */
export interface FungiblePrice {
  name: string
  symbol: string
  iconUrl?: string
  price: number
  address: string
}

/** The SPEC §7 blockchain API calls the account views use. */
export class BlockchainApiClient {
  private readonly api: JsonApi

  constructor(private readonly deps: ApiClientDeps) {
    this.api = new JsonApi(deps)
  }

  /** GET v1/supported-chains. */
  supportedChains(signal?: AbortSignal): Promise<SupportedChains> {
    return this.api.get(
      '/v1/supported-chains',
      {},
      (body) => {
        const reply = record(body, 'reply')
        const ids = (v: unknown, name: string) => (v === undefined ? [] : list(v, name).map((x, i) => text(x, `${name}[${i}]`)))
        return { http: ids(reply.http, 'http'), ws: ids(reply.ws, 'ws') }
      },
      signal,
    )
  }

  /** GET /v1/identity/{address} with sender. */
  identity(address: string, sender?: string, signal?: AbortSignal): Promise<Identity> {
    return this.api.get(
      `/v1/identity/${encodeURIComponent(address)}`,
      { sender },
      (body) => {
        const reply = record(body, 'reply')
        return { name: nullableText(reply.name, 'name'), avatar: nullableText(reply.avatar, 'avatar') }
      },
      signal,
    )
  }

  /** GET /v1/account/{account}/history with cursor, chainId and onramp (a coinbase on-ramp list is never cached). */
  history(
    account: string,
    opts: { cursor?: string; chainId?: string; onramp?: 'coinbase' } = {},
    signal?: AbortSignal,
  ): Promise<HistoryPage> {
    const query = { cursor: opts.cursor, chainId: opts.chainId, onramp: opts.onramp, cache: opts.onramp === 'coinbase' ? 'no-cache' : undefined }
    return this.api.get(`/v1/account/${encodeURIComponent(account)}/history`, query, parseHistoryPage, signal)
  }

  /** GET /v1/account/{address}/balance with currency usd, chainId and forceUpdate. */
  balance(
    address: string,
    opts: { chainId?: string; currency?: 'usd'; forceUpdate?: string } = {},
    signal?: AbortSignal,
  ): Promise<{ balances: TokenBalance[] }> {
    const query = { currency: opts.currency ?? 'usd', chainId: opts.chainId, forceUpdate: opts.forceUpdate }
    return this.api.get(
      `/v1/account/${encodeURIComponent(address)}/balance`,
      query,
      (body) => ({ balances: list(record(body, 'reply').balances, 'balances').map((b, i) => parseTokenBalance(b, `balances[${i}]`)) }),
      signal,
    )
  }

  /** POST /v1/fungible/price with currency, CAIP-10 addresses and projectId in the body. */
  fungiblePrice(opts: { currency?: 'usd'; addresses: readonly string[] }, signal?: AbortSignal): Promise<{ fungibles: FungiblePrice[] }> {
    const body = { currency: opts.currency ?? 'usd', addresses: opts.addresses, projectId: this.deps.sdk().projectId }
    return this.api.post(
      '/v1/fungible/price',
      body,
      (reply) => ({
        fungibles: list(record(reply, 'reply').fungibles, 'fungibles').map((f, i) => {
          const r = record(f, `fungibles[${i}]`)
          return {
            name: text(r.name, 'name'),
            symbol: text(r.symbol, 'symbol'),
            iconUrl: optionalText(r.iconUrl, 'iconUrl'),
            price: num(r.price, 'price'),
            address: text(r.address, 'address'),
          }
        }),
      }),
      signal,
    )
  }
}

/** Checks one SPEC §3 token balance. */
export function parseTokenBalance(value: unknown, name: string): TokenBalance {
  const b = record(value, name)
  const q = record(b.quantity, `${name}.quantity`)
  return {
    name: text(b.name, `${name}.name`),
    symbol: text(b.symbol, `${name}.symbol`),
    chainId: text(b.chainId, `${name}.chainId`),
    address: optionalText(b.address, `${name}.address`),
    value: b.value === undefined || b.value === null ? 0 : num(b.value, `${name}.value`),
    price: b.price === undefined || b.price === null ? 0 : num(b.price, `${name}.price`),
    quantity: { decimals: String(numericText(q.decimals, `${name}.quantity.decimals`)), numeric: numericText(q.numeric, `${name}.quantity.numeric`) },
    iconUrl: optionalText(b.iconUrl, `${name}.iconUrl`),
  }
}

function numericText(value: unknown, name: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  const s = text(value, name)
  if (!/^-?\d+(\.\d+)?$/.test(s)) throw new Error(`${name} is not a decimal`)
  return s
}

/** Checks a history page; the transfer fields the views read are checked, the rest passes through. */
export function parseHistoryPage(body: unknown): HistoryPage {
  const reply = record(body, 'reply')
  const next = reply.next === undefined || reply.next === null || reply.next === '' ? null : text(reply.next, 'next')
  const data = list(reply.data, 'data').map((item, i): Transaction => {
    const t = record(item, `data[${i}]`)
    const m = record(t.metadata, `data[${i}].metadata`)
    const transfers = (t.transfers === undefined || t.transfers === null ? [] : list(t.transfers, `data[${i}].transfers`)).map(
      (x, j): TransactionTransfer => {
        const where = `data[${i}].transfers[${j}]`
        const r = record(x, where)
        const q = record(r.quantity, `${where}.quantity`)
        if (r.fungible_info !== undefined && r.fungible_info !== null) {
          const f = record(r.fungible_info, `${where}.fungible_info`)
          text(f.symbol, `${where}.fungible_info.symbol`)
        }
        if (r.nft_info !== undefined && r.nft_info !== null) record(r.nft_info, `${where}.nft_info`)
        return {
          ...(r as object),
          quantity: { numeric: numericText(q.numeric, `${where}.quantity.numeric`) },
        } as TransactionTransfer
      },
    )
    return {
      id: text(t.id, `data[${i}].id`),
      metadata: {
        ...(m as object),
        minedAt: text(m.minedAt, `data[${i}].metadata.minedAt`),
        chain: text(m.chain, `data[${i}].metadata.chain`),
        operationType: text(m.operationType, `data[${i}].metadata.operationType`),
        status: optionalText(m.status, 'status') ?? '',
        sentFrom: optionalText(m.sentFrom, 'sentFrom') ?? '',
        sentTo: optionalText(m.sentTo, 'sentTo') ?? '',
      },
      transfers,
    }
  })
  return { data, next }
}

/** True for a plain JSON object (re-exported for the controllers' wallet replies). */
export { isRecord }
