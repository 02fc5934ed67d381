/**
 * Sponsored gas for the smart account (issue 29, docs/SPONSORED-GAS.md): which ERC-7677 paymaster service a request
 * uses, and its answer before the approval panel shows. The order: `wallet_sendCalls`' own `paymasterService`
 * capability (EIP-5792 + ERC-7677: the wallet calls the dapp's URL), then the host's `paymasterUrl`, then the site's
 * own sponsor (`<sponsorUrl>/<projectId>`, the stack's sponsor service names the project in its path).
 *
 * The secure site's server calls these URLs, so a host can make it send requests: only http(s) URLs without
 * credentials are used, and `paymasterOrigins` narrows them to a list.
 */
import { createPaymasterClient, type SmartAccount } from 'viem/account-abstraction'
import { BaseError, http, type Address, type Hex } from 'viem'
import type { SigningRequest } from '../requests.ts'
import { RpcErrorCode } from './api-types.ts'
import { RpcError } from './rpc.ts'

export type Paymaster = { url: string; context?: Record<string, unknown> }
export type SponsorCall = { to: Address; value?: bigint; data?: Hex }

export type SponsorshipOptions = {
  /** The site's own sponsor service (stack/sponsor): `<sponsorUrl>/<projectId>` when the host names none. */
  sponsorUrl?: string
  /** When set, only paymaster URLs on these origins are called (the site's own sponsor included). */
  paymasterOrigins?: readonly string[]
}

/** How long one call to a paymaster service may take. */
const PAYMASTER_TIMEOUT_MS = 10_000
const MAX_URL = 2048

const asRecord = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined)

/** A paymaster URL the site may call, or an INVALID_PARAMS error naming `what`. */
export function checkPaymasterUrl(raw: unknown, what: string, o: SponsorshipOptions): string {
  const bad = (why: string) => new RpcError(RpcErrorCode.INVALID_PARAMS, `Invalid params: ${what} ${why}`)
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URL) throw bad('must be a URL')
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw bad('must be a URL')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw bad('must be an http(s) URL')
  if (url.username || url.password) throw bad('must not carry credentials')
  if (o.paymasterOrigins && !o.paymasterOrigins.includes(url.origin)) throw bad(`is not on an allowed origin (${url.origin})`)
  return url.href
}

/** EIP-5792 `capabilities.paymasterService` of a wallet_sendCalls request (ERC-7677: `{ url, context? }`). */
export function paymasterCapability(parsed: SigningRequest | undefined, o: SponsorshipOptions): Paymaster | undefined {
  if (parsed?.method !== 'wallet_sendCalls' || !Object.hasOwn(parsed.capabilities, 'paymasterService')) return undefined
  const cap = asRecord(parsed.capabilities.paymasterService) ?? {}
  const context = asRecord(cap.context)
  return { url: checkPaymasterUrl(cap.url, 'capabilities.paymasterService.url', o), ...(context ? { context } : {}) }
}

/** The paymaster a request uses (capability, then host, then the site's sponsor for `projectId`), if any. */
export function paymasterFor(parsed: SigningRequest | undefined, hostUrl: unknown, projectId: string, o: SponsorshipOptions): Paymaster | undefined {
  const capability = paymasterCapability(parsed, o)
  if (capability) return capability
  if (hostUrl !== undefined && hostUrl !== null) return { url: checkPaymasterUrl(hostUrl, 'paymasterUrl', o) }
  if (o.sponsorUrl) return { url: checkPaymasterUrl(`${o.sponsorUrl.replace(/\/+$/, '')}/${encodeURIComponent(projectId)}`, 'sponsorUrl', o) }
  return undefined
}

/** The calls a sponsorable request makes (eth_sendTransaction, wallet_sendCalls); undefined for anything else. */
export function sponsorableCalls(parsed: SigningRequest | undefined): SponsorCall[] | undefined {
  if (parsed?.method === 'eth_sendTransaction') {
    const tx = parsed.transaction
    return tx.to ? [{ to: tx.to, value: tx.value, ...(tx.data ? { data: tx.data } : {}) }] : undefined
  }
  if (parsed?.method === 'wallet_sendCalls') return parsed.calls.map((c) => ({ to: c.to!, value: c.value, ...(c.data ? { data: c.data } : {}) }))
  return undefined
}

export function paymasterClient(p: Paymaster) {
  return createPaymasterClient({ transport: http(p.url, { timeout: PAYMASTER_TIMEOUT_MS, retryCount: 0 }) })
}

/** The paymaster service's own words (a JSON-RPC error's message), else viem's short message. */
export function paymasterErrorText(e: unknown): string {
  if (e instanceof BaseError) {
    const rpc = e.walk((c) => typeof (c as { code?: unknown }).code === 'number' && typeof (c as { details?: unknown }).details === 'string') as { details?: string } | null
    return rpc?.details || e.details || e.shortMessage
  }
  return e instanceof Error ? e.message : String(e)
}

/**
 * ERC-7677 `pm_getPaymasterStubData` for the operation the account would send: the paymaster's policy check, without
 * gas estimation or a charge. Resolves the sponsor's name when it gives one; throws the refusal's text.
 */
export async function askPaymaster(account: SmartAccount, chainId: number, calls: SponsorCall[], paymaster: Paymaster, deployed: boolean): Promise<{ name?: string }> {
  const [callData, nonce, factory] = await Promise.all([account.encodeCalls(calls), account.getNonce(), deployed ? Promise.resolve(undefined) : account.getFactoryArgs()])
  const stub = await paymasterClient(paymaster).getPaymasterStubData({
    sender: account.address,
    nonce,
    callData,
    ...(factory?.factory ? { factory: factory.factory, factoryData: factory.factoryData } : {}),
    chainId,
    entryPointAddress: account.entryPoint.address,
    ...(paymaster.context ? { context: paymaster.context } : {}),
  } as Parameters<ReturnType<typeof paymasterClient>['getPaymasterStubData']>[0])
  const name = asRecord((stub as { sponsor?: unknown }).sponsor)?.name
  return typeof name === 'string' && name.length > 0 ? { name: name.slice(0, 100) } : {}
}
