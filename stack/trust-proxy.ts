/**
 * What `trustProxy` means, the same in the relay, the API server and the secure site (docs/SELF-HOSTING.md, "Behind a
 * reverse proxy"): which client address a request behind reverse proxies has. X-Forwarded-For is read from the right,
 * past each trusted proxy, and the first address that is not one is the client (@fastify/proxy-addr). The proxies are
 * trusted by count (hops) or by address: IPs, CIDRs, and proxy-addr's names `loopback`, `linklocal` and `uniquelocal`.
 *
 * `true` is one proxy, the same as `1`. Fastify's own `true` trusts every proxy, i.e. takes the leftmost address of
 * the header, which the client writes: through a proxy that appends, any client could pick its rate-limit key. A hop
 * count is handed to Fastify as a function because Fastify's own number trusts no proxy at all.
 */
import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'

/**
 * The proxies in front: `false`/`0` none (the header is ignored), `true` one, a hop count, or their addresses/CIDRs
 * as a list or one comma-separated string (`'127.0.0.1, 10.0.0.0/8'`).
 */
export type TrustProxy = boolean | number | string | readonly string[]

/** Whether the proxy at `address`, `hop` entries from the socket (the socket's peer is hop 0), is trusted. */
export type TrustFn = (address: string, hop: number) => boolean

/**
 * Checks `trust` and answers whom to trust: `false` for nobody, else the function Fastify's `trustProxy` and proxy-addr
 * take. Throws an Error naming `name` on a hop count that is not a non-negative whole number or an address that is not
 * an IP or CIDR.
 */
export function trustProxyFn(trust: TrustProxy | undefined, name: string): TrustFn | false {
  if (trust === undefined || trust === false) return false
  const hops = trust === true ? 1 : trust
  if (typeof hops === 'number') {
    if (!Number.isSafeInteger(hops) || hops < 0) throw new Error(`${name} must be a non-negative integer or proxy addresses/CIDRs, got ${hops}`)
    return hops === 0 ? false : (_address, i) => i < hops
  }
  const addresses = (typeof hops === 'string' ? hops.split(',') : [...hops]).map((a) => a.trim()).filter(Boolean)
  if (!addresses.length) throw new Error(`${name} names no proxy address`)
  try {
    return proxyAddr.compile(addresses)
  } catch (error) {
    throw new Error(`${name}: ${(error as Error).message} (give IPs or CIDRs, e.g. 10.0.0.1 or 10.0.0.0/8)`)
  }
}

/** Checks `trust` and answers the function that reads a request's client address (as `trustProxyFn`). */
export function clientAddressOf(trust: TrustProxy, name = 'relay: trustProxy'): (req: IncomingMessage) => string {
  const trusted = trustProxyFn(trust, name)
  if (!trusted) return (req) => req.socket.remoteAddress ?? 'unknown'
  return (req) => proxyAddr(req, trusted)
}

/**
 * The services' `--trust-proxy` flag: a hop count, or the proxies' addresses/CIDRs separated by commas; a bare flag
 * (`value` true) is one proxy. Checked: throws an Error naming `flag`.
 */
export function parseTrustProxyFlag(value: string | true, flag: string): number | string[] {
  const trust = value === true ? 1 : /^\d+$/.test(value) ? Number(value) : value.split(',').map((a) => a.trim())
  trustProxyFn(trust, flag)
  return trust
}
