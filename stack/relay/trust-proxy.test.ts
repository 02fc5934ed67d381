/**
 * trustProxy (stack/trust-proxy.ts, one meaning in the relay, API and secure site; docs/SELF-HOSTING.md): true, a hop count, or the proxies' addresses/CIDRs as
 * Fastify and proxy-addr take them, through startRelay, the relay's --trust-proxy flag and portico-stack's config.
 */
import type { IncomingMessage } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { ConfigError, parseStackConfig } from '../config.ts'
import { startStack } from '../portico-stack.ts'
import { parseRelayFlags } from './cli.ts'
import { startRelay, type Relay } from './index.ts'
import { clientAddressOf, parseTrustProxyFlag } from '../trust-proxy.ts'

/** A request from `socket` carrying `forwardedFor` (omitted: no header). */
const request = (socket: string, forwardedFor?: string) =>
  ({ socket: { remoteAddress: socket }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage

describe('clientAddressOf: which address a request comes from', () => {
  it('a hop count: 0 ignores X-Forwarded-For; n takes the address n entries from the right', () => {
    expect(clientAddressOf(0)(request('10.0.0.1', '203.0.113.9'))).toBe('10.0.0.1')
    expect(clientAddressOf(1)(request('10.0.0.1', '198.51.100.7, 203.0.113.9'))).toBe('203.0.113.9')
    expect(clientAddressOf(2)(request('10.0.0.1', '198.51.100.7, 203.0.113.9, 10.0.0.2'))).toBe('203.0.113.9')
    expect(clientAddressOf(1)(request('10.0.0.1'))).toBe('10.0.0.1')
    // true is one proxy (not Fastify's "trust every proxy", which would answer 198.51.100.7); false is none.
    expect(clientAddressOf(true)(request('10.0.0.1', '198.51.100.7, 203.0.113.9'))).toBe('203.0.113.9')
    expect(clientAddressOf(false)(request('10.0.0.1', '203.0.113.9'))).toBe('10.0.0.1')
  })

  it('addresses/CIDRs: the header is read from the right past each trusted proxy; an untrusted socket keeps its own address', () => {
    const behindProxies = clientAddressOf(['10.0.0.0/8', '192.168.1.5'])
    // A client claims 198.51.100.7; the load balancer (10.0.0.2) and the proxy (192.168.1.5 -> socket 10.0.0.1) are ours.
    expect(behindProxies(request('10.0.0.1', '198.51.100.7, 203.0.113.9, 192.168.1.5, 10.0.0.2'))).toBe('203.0.113.9')
    expect(behindProxies(request('203.0.113.50', '198.51.100.7'))).toBe('203.0.113.50')
    expect(behindProxies(request('10.0.0.1'))).toBe('10.0.0.1')
    // One string separated by commas, and proxy-addr's named ranges.
    expect(clientAddressOf('127.0.0.1, 10.0.0.0/8')(request('127.0.0.1', '203.0.113.9, 10.1.2.3'))).toBe('203.0.113.9')
    expect(clientAddressOf('loopback')(request('::1', '2001:db8::1'))).toBe('2001:db8::1')
  })

  it('refuses a bad hop count or an address that is not an IP or CIDR, naming the option', () => {
    expect(() => clientAddressOf(-1)).toThrow('relay: trustProxy must be a non-negative integer or proxy addresses/CIDRs, got -1')
    expect(() => clientAddressOf(1.5)).toThrow(/relay: trustProxy must be a non-negative integer/)
    expect(() => clientAddressOf(['10.0.0.1', 'proxy.example'])).toThrow('relay: trustProxy: invalid IP address: proxy.example (give IPs or CIDRs, e.g. 10.0.0.1 or 10.0.0.0/8)')
    expect(() => clientAddressOf('10.0.0.0/99')).toThrow(/relay: trustProxy: invalid range on address: 10.0.0.0\/99/)
    expect(() => clientAddressOf([])).toThrow('relay: trustProxy names no proxy address')
  })
})

describe('the relay behind proxies: the per-IP connection cap keys on the address trustProxy gives', () => {
  const relays: Relay[] = []
  const sockets: WebSocket[] = []
  afterAll(async () => {
    for (const ws of sockets) ws.terminate()
    await Promise.all(relays.map((r) => r.stop()))
  })

  /** Opens a socket claiming `forwardedFor`; answers the upgrade's status. */
  async function open(relayUrl: string, forwardedFor: string): Promise<number> {
    const jwt = await signJWT('sub', relayUrl, 3600, generateKeyPair())
    return new Promise((resolve) => {
      const ws = new WebSocket(`${relayUrl}/?auth=${jwt}`, { headers: { 'x-forwarded-for': forwardedFor } })
      ws.once('open', () => {
        sockets.push(ws)
        resolve(101)
      })
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0)
        ws.terminate()
      })
      ws.once('error', () => {})
    })
  }

  it('trusting the proxy by address (127.0.0.1, where the test connects from): each forwarded client has its own cap', async () => {
    const relay = await startRelay({ port: 0, maxConnectionsPerIp: 1, trustProxy: ['127.0.0.1'] })
    relays.push(relay)
    expect(await open(relay.url, '198.51.100.1')).toBe(101)
    expect(await open(relay.url, '198.51.100.2')).toBe(101)
    // What a client writes further left does not make it another client.
    expect(await open(relay.url, '203.0.113.9, 198.51.100.1')).toBe(429)
  })

  it('a proxy list that does not hold the socket\'s address: the header is ignored', async () => {
    const relay = await startRelay({ port: 0, maxConnectionsPerIp: 1, trustProxy: '10.0.0.0/8' })
    relays.push(relay)
    expect(await open(relay.url, '198.51.100.1')).toBe(101)
    expect(await open(relay.url, '198.51.100.2')).toBe(429)
  })

  it('a hop count still works (one proxy)', async () => {
    const relay = await startRelay({ port: 0, maxConnectionsPerIp: 1, trustProxy: 1 })
    relays.push(relay)
    expect(await open(relay.url, '203.0.113.9, 198.51.100.1')).toBe(101)
    expect(await open(relay.url, '198.51.100.2')).toBe(101)
    expect(await open(relay.url, '198.51.100.1')).toBe(429)
  })

  it('portico-stack hands the config\'s proxy addresses to the relay', async () => {
    const config = parseStackConfig({ trustProxy: ['127.0.0.1'], services: { relay: { maxConnectionsPerIp: 1 } } })
    const stack = await startStack(config, ['relay'])
    try {
      const url = /relay ready (\S+)/.exec(stack.services[0]!.lines.join('\n'))![1]!
      expect(await open(url, '198.51.100.1')).toBe(101)
      expect(await open(url, '198.51.100.2')).toBe(101)
      expect(await open(url, '198.51.100.1')).toBe(429)
    } finally {
      for (const ws of sockets.splice(0)) ws.terminate()
      await stack.stop()
    }
  })
})

describe('--trust-proxy and the config\'s trustProxy', () => {
  it('the flag takes a hop count or addresses/CIDRs separated by commas', () => {
    expect(parseRelayFlags(['--trust-proxy', '2'])).toEqual({ port: 8787, trustProxy: 2 })
    expect(parseRelayFlags(['--trust-proxy', '127.0.0.1,10.0.0.0/8'])).toEqual({ port: 8787, trustProxy: ['127.0.0.1', '10.0.0.0/8'] })
    expect(() => parseRelayFlags(['--trust-proxy', 'proxy.example'])).toThrow('relay: --trust-proxy: invalid IP address: proxy.example')
    expect(() => parseRelayFlags(['--trust-proxy'])).toThrow('relay: --trust-proxy needs a value')
  })

  it('one parser for the three services\' flag: a bare flag (API, secure site) is one proxy, a count, or addresses', () => {
    expect(parseTrustProxyFlag(true, '--trust-proxy')).toBe(1)
    expect(parseTrustProxyFlag('3', '--trust-proxy')).toBe(3)
    expect(parseTrustProxyFlag('127.0.0.1, loopback', '--trust-proxy')).toEqual(['127.0.0.1', 'loopback'])
    expect(() => parseTrustProxyFlag('*', 'api: --trust-proxy')).toThrow('api: --trust-proxy: invalid IP address: * (give IPs or CIDRs, e.g. 10.0.0.1 or 10.0.0.0/8)')
  })

  it('the config takes true/false, a hop count, or addresses/CIDRs (a list or one string); a bad address names the key', () => {
    const services = { relay: {} }
    expect(parseStackConfig({ trustProxy: 2, services }).trustProxy).toBe(2)
    expect(parseStackConfig({ trustProxy: 'env:HOPS', services }, { HOPS: '1' }).trustProxy).toBe(1)
    expect(parseStackConfig({ trustProxy: ['10.0.0.0/8', 'loopback'], services }).trustProxy).toEqual(['10.0.0.0/8', 'loopback'])
    expect(parseStackConfig({ trustProxy: '127.0.0.1, 10.0.0.0/8', services }).trustProxy).toBe('127.0.0.1, 10.0.0.0/8')
    expect(parseStackConfig({ trustProxy: true, services }).trustProxy).toBe(true)
    expect(() => parseStackConfig({ trustProxy: ['10.0.0.1', 'proxy.example'], services })).toThrow(
      new ConfigError('trustProxy: invalid IP address: proxy.example (give IPs or CIDRs, e.g. 10.0.0.1 or 10.0.0.0/8)'),
    )
    expect(() => parseStackConfig({ trustProxy: { hops: 1 }, services })).toThrow(new ConfigError('trustProxy wants true, false, a hop count, or proxy addresses/CIDRs, got {"hops":1}'))
  })
})
