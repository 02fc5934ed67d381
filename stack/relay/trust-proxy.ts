/**
 * Which client address a request behind reverse proxies has, as Fastify takes it (its `trustProxy`, through
 * @fastify/proxy-addr): X-Forwarded-For is read from the right, past each trusted proxy, and the first address that is
 * not one is the client. The proxies are trusted by count (hops) or by address: IPs, CIDRs, and proxy-addr's names
 * `loopback`, `linklocal` and `uniquelocal`.
 */
import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'

/**
 * The proxies in front: how many there are (0: none, the header is ignored), or their addresses/CIDRs, as a list or
 * one comma-separated string (`'127.0.0.1, 10.0.0.0/8'`).
 */
export type TrustProxy = number | string | readonly string[]

/**
 * Checks `trust` and answers the function that reads a request's client address. Throws an Error naming `name` on a
 * hop count that is not a non-negative whole number or an address that is not an IP or CIDR.
 */
export function clientAddressOf(trust: TrustProxy, name = 'relay: trustProxy'): (req: IncomingMessage) => string {
  const socketAddress = (req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown'
  if (typeof trust === 'number') {
    if (!Number.isSafeInteger(trust) || trust < 0) throw new Error(`${name} must be a non-negative integer or proxy addresses/CIDRs, got ${trust}`)
    if (trust === 0) return socketAddress
    // The socket's peer is hop 0, the rightmost X-Forwarded-For entry hop 1, ...
    const hops = (_address: string, i: number) => i < trust
    return (req) => proxyAddr(req, hops)
  }
  const addresses = (typeof trust === 'string' ? trust.split(',') : [...trust]).map((a) => a.trim()).filter(Boolean)
  if (!addresses.length) throw new Error(`${name} names no proxy address`)
  let trusted: (address: string, i: number) => boolean
  try {
    trusted = proxyAddr.compile(addresses)
  } catch (error) {
    throw new Error(`${name}: ${(error as Error).message} (give IPs or CIDRs, e.g. 10.0.0.1 or 10.0.0.0/8)`)
  }
  return (req) => proxyAddr(req, trusted)
}
