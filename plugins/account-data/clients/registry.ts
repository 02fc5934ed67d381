import type { WalletListing } from 'portico/plugin'
import { classifyOriginsResponse, type OriginsResult } from 'portico/plugin'
import { withSafeLinks } from 'portico/components'
import { bool, JsonApi, list, nullableText, optionalText, record, text, type ApiClientDeps } from './http.ts'

/** GET /getWallets parameters (SPEC §7). Lists are sent comma-separated; empty ones are left out. */
export interface GetWalletsParams {
  page: number
  entries: number
  include?: readonly string[]
  exclude?: readonly string[]
  search?: string
  badge_type?: 'certified' | 'none'
  /** CAIP-2 ids; the registry keeps wallets listing any of them. */
  chains?: readonly string[]
}

/** GET /getWallets answer. */
export interface WalletPage {
  data: WalletListing[]
  count: number
}

/** GET /appkit/v1/config answer: the project's remote features. */
export interface RemoteConfig {
  features: Record<string, unknown>
}

/** The SPEC §7 wallet registry: config, origins, wallet listings, images and the analytics switch. */
export class RegistryClient {
  private readonly api: JsonApi

  constructor(deps: ApiClientDeps) {
    this.api = new JsonApi(deps)
  }

  /** GET /appkit/v1/config. */
  getConfig(signal?: AbortSignal): Promise<RemoteConfig> {
    return this.api.get('/appkit/v1/config', {}, (body) => ({ features: record(record(body, 'reply').features, 'features') }), signal)
  }

  /** GET /projects/v1/origins, classified per SPEC §8 (429 RATE_LIMITED, 5xx SERVER_ERROR, else an empty list). */
  async getOrigins(signal?: AbortSignal): Promise<OriginsResult> {
    const res = await this.api.getRaw('/projects/v1/origins', {}, signal)
    const body: unknown = res.ok ? await res.json().catch(() => undefined) : await res.body?.cancel().catch(() => undefined)
    return classifyOriginsResponse(res.status, body)
  }

  /** GET /getWallets. */
  getWallets(params: GetWalletsParams, signal?: AbortSignal): Promise<WalletPage> {
    const { page, entries, include, exclude, search, badge_type, chains } = params
    const query = { page, entries, include, exclude, search: search?.trim() || undefined, badge_type, chains }
    return this.api.get('/getWallets', query, parseWalletPage, signal)
  }

  /** GET /getAnalyticsConfig: whether the project collects analytics. */
  async getAnalyticsConfig(signal?: AbortSignal): Promise<{ isAnalyticsEnabled: boolean }> {
    return this.api.get(
      '/getAnalyticsConfig',
      {},
      (body) => ({ isAnalyticsEnabled: bool(record(body, 'reply').isAnalyticsEnabled, 'isAnalyticsEnabled') }),
      signal,
    )
  }

  /** URL of /getWalletImage/{id} (with the SDK params, so an `<img>` can load it). */
  walletImageUrl(imageId: string): string {
    return this.api.url(`/getWalletImage/${encodeURIComponent(imageId)}`)
  }

  /** URL of /public/getAssetImage/{id}. */
  assetImageUrl(imageId: string): string {
    return this.api.url(`/public/getAssetImage/${encodeURIComponent(imageId)}`)
  }

  /** URL of /public/getCurrencyImage/{id}. */
  currencyImageUrl(id: string): string {
    return this.api.url(`/public/getCurrencyImage/${encodeURIComponent(id)}`)
  }

  /** URL of /public/getTokenImage/{id}. */
  tokenImageUrl(id: string): string {
    return this.api.url(`/public/getTokenImage/${encodeURIComponent(id)}`)
  }
}

/**
 * Checks a /getWallets reply; a listing without id or name makes the whole reply invalid. A link a wallet may not
 * open (javascript:, data:, no scheme...) is dropped here, once, as the listing arrives (`withSafeLinks`).
 */
export function parseWalletPage(body: unknown): WalletPage {
  const reply = record(body, 'reply')
  const count = reply.count
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) throw new Error('count is not a count')
  const data = list(reply.data, 'data').map((item, i): WalletListing => {
    const w = record(item, `data[${i}]`)
    const chains = w.chains === undefined || w.chains === null ? [] : list(w.chains, `data[${i}].chains`).map((c, j) => text(c, `data[${i}].chains[${j}]`))
    return withSafeLinks({
      id: text(w.id, `data[${i}].id`),
      name: text(w.name, `data[${i}].name`),
      rdns: nullableText(w.rdns, `data[${i}].rdns`),
      image_id: nullableText(w.image_id, `data[${i}].image_id`),
      image_url: optionalText(w.image_url, `data[${i}].image_url`),
      chains,
      mobile_link: nullableText(w.mobile_link, `data[${i}].mobile_link`),
      desktop_link: nullableText(w.desktop_link, `data[${i}].desktop_link`),
      webapp_link: nullableText(w.webapp_link, `data[${i}].webapp_link`),
    })
  })
  return { data, count }
}
