import { ErrorText, SDK_TYPE, SDK_VERSION, withSdkParams } from 'portico/plugin'

/** A name suggestion (SPEC §3 "Name suggestion: name"), with whether it is taken. */
export interface NameSuggestion {
  name: string
  registered: boolean
}

/** A registered name as the profile service answers it: coin type -> address. */
export interface AccountProfile {
  name: string
  registered?: number
  updated?: number
  addresses: Record<string, { address: string; created?: number }>
  attributes?: Record<string, string>
}

/** SPEC §3 name registration payload. */
export interface RegistrationPayload {
  coin_type: number
  address: string
  message: string
  signature: string
}

export interface ProfileApiOptions {
  /** The blockchain API base URL (the modal's `endpoints.blockchainApi`). */
  baseUrl: string
  projectId: string
  fetch?: typeof fetch
}

/** An error of the profile service: `message` is the SPEC §8 text, `reason` the API's description when it gave one. */
export class NamesApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly reason?: string,
  ) {
    super(message)
    this.name = 'NamesApiError'
  }
}

/** The API's reason for a failure: `reasons[0].description` (the hosted service's shape), else `error`. */
async function reasonOf(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.json()) as { reasons?: Array<{ description?: unknown }>; error?: unknown; message?: unknown }
    const described = body?.reasons?.[0]?.description
    if (typeof described === 'string' && described) return described
    if (typeof body?.error === 'string' && body.error) return body.error
    if (typeof body?.message === 'string' && body.message) return body.message
  } catch {
    // not JSON
  }
  return undefined
}

/** SPEC §7 profile calls of the blockchain API. */
export class ProfileApi {
  private readonly doFetch: typeof fetch

  constructor(private readonly options: ProfileApiOptions) {
    this.doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  }

  private url(path: string, query: Record<string, string> = {}): string {
    const url = new URL(`${this.options.baseUrl.replace(/\/$/, '')}/v1/profile/${path}`)
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
    return withSdkParams(url, { projectId: this.options.projectId, st: SDK_TYPE, sv: SDK_VERSION })
  }

  /** GET /v1/profile/suggestions/{name} with zone; fails with "Error fetching name suggestions". */
  async suggestions(label: string, zone: string): Promise<NameSuggestion[]> {
    const fail = (status?: number, reason?: string) => new NamesApiError(ErrorText.ERROR_FETCHING_NAME_SUGGESTIONS, status, reason)
    let res: Response
    try {
      res = await this.doFetch(this.url(`suggestions/${encodeURIComponent(label)}`, { zone }))
    } catch (error) {
      throw fail(undefined, (error as Error)?.message)
    }
    if (!res.ok) throw fail(res.status, await reasonOf(res))
    const body = (await res.json().catch(() => undefined)) as { suggestions?: unknown } | undefined
    if (!Array.isArray(body?.suggestions)) throw fail(res.status, 'The answer has no suggestions')
    return body.suggestions
      .filter((s): s is NameSuggestion => !!s && typeof s.name === 'string' && typeof s.registered === 'boolean')
      .map((s) => ({ name: s.name, registered: s.registered }))
  }

  /** GET /v1/profile/account/{name} (apiVersion 2): the profile, or undefined when the name is not registered. */
  async account(name: string): Promise<AccountProfile | undefined> {
    const fail = (status?: number, reason?: string) => new NamesApiError(ErrorText.ERROR_RESOLVING_NAME, status, reason)
    let res: Response
    try {
      res = await this.doFetch(this.url(`account/${encodeURIComponent(name)}`, { apiVersion: '2' }))
    } catch (error) {
      throw fail(undefined, (error as Error)?.message)
    }
    if (res.status === 404) return undefined
    if (!res.ok) throw fail(res.status, await reasonOf(res))
    const body = (await res.json().catch(() => undefined)) as AccountProfile | undefined
    if (!body || typeof body.name !== 'string' || !body.addresses || typeof body.addresses !== 'object') throw fail(res.status, 'The answer is not a profile')
    return body
  }

  /** GET /v1/profile/reverse/{address} with sender (apiVersion 2): the names of an address. */
  async reverse(address: string, sender = address): Promise<AccountProfile[]> {
    const fail = (status?: number, reason?: string) => new NamesApiError(ErrorText.ERROR_FETCHING_NAMES_FOR_ADDRESS, status, reason)
    let res: Response
    try {
      res = await this.doFetch(this.url(`reverse/${encodeURIComponent(address)}`, { sender, apiVersion: '2' }))
    } catch (error) {
      throw fail(undefined, (error as Error)?.message)
    }
    if (!res.ok) throw fail(res.status, await reasonOf(res))
    const body = (await res.json().catch(() => undefined)) as unknown
    if (!Array.isArray(body)) throw fail(res.status, 'The answer is not a list')
    return body.filter((p): p is AccountProfile => !!p && typeof p.name === 'string')
  }

  /** POST /v1/profile/account with the SPEC §3 payload; fails with "Error registering name" and the API's reason. */
  async register(payload: RegistrationPayload): Promise<AccountProfile | undefined> {
    const fail = (status?: number, reason?: string) => new NamesApiError(ErrorText.ERROR_REGISTERING_NAME, status, reason)
    let res: Response
    try {
      res = await this.doFetch(this.url('account'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
    } catch (error) {
      throw fail(undefined, (error as Error)?.message)
    }
    if (!res.ok) throw fail(res.status, await reasonOf(res))
    return (await res.json().catch(() => undefined)) as AccountProfile | undefined
  }
}
