import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { SignClient } from '@walletconnect/sign-client'
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { encodeIss, generateKeyPair, signJWT, type Keypair } from '@walletconnect/relay-auth'
import { verifyP256Jwt } from '@walletconnect/utils'
import { privateKeyToAccount } from 'viem/accounts'
import { toHex, verifyMessage, type Hex } from 'viem'
import { RELAY_ERROR, startRelay, subscriptionId, type Relay } from './index.ts'
import { pointVerifyAtLocalRelay } from './verify-client.ts'

// WalletConnect skips telemetry, Verify and link-mode probing when it sees this (isTestRun()).
process.env.IS_VITEST = 'true'

const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const account = privateKeyToAccount(DEV_KEY)
const CHAIN = 'eip155:31337'
const METHODS = ['personal_sign', 'eth_sendTransaction']
const EVENTS = ['accountsChanged', 'chainChanged']
const FAKE_TX_HASH = `0x${'ab'.repeat(32)}` as Hex
const topicOf = (label: string) => createHash('sha256').update(`${label}-${Math.random()}`).digest('hex')

/** Keeps everything in a Map: no files, nothing shared between the two clients. */
class MemoryStorage {
  private readonly items = new Map<string, unknown>()
  async getKeys() {
    return [...this.items.keys()]
  }
  async getEntries<T = unknown>() {
    return [...this.items.entries()] as [string, T][]
  }
  async getItem<T = unknown>(key: string) {
    return this.items.get(key) as T | undefined
  }
  async setItem<T = unknown>(key: string, value: T) {
    this.items.set(key, value)
  }
  async removeItem(key: string) {
    this.items.delete(key)
  }
}

interface EventSource {
  on(name: string, listener: (arg: unknown) => void): unknown
  off(name: string, listener: (arg: unknown) => void): unknown
}

/** Resolves with the first event `name` that passes `accept` (the clients' typed emitters, seen loosely). */
function nextEvent<T>(emitter: object, name: string, accept: (arg: T) => boolean = () => true): Promise<T> {
  const source = emitter as EventSource
  return new Promise((resolve) => {
    const listener = (arg: unknown) => {
      if (!accept(arg as T)) return
      source.off(name, listener)
      resolve(arg as T)
    }
    source.on(name, listener)
  })
}

describe('stack/relay with the real sign-client (dapp) and WalletKit (wallet)', () => {
  let relay: Relay
  let dapp: InstanceType<typeof SignClient>
  let wallet: InstanceType<typeof WalletKit>
  let walletCore: InstanceType<typeof Core>
  let sessionTopic = ''
  const prefix = `relay-test-${process.pid}-${Date.now()}`

  beforeAll(async () => {
    relay = await startRelay()
    dapp = await SignClient.init({
      projectId: 'portico-local',
      relayUrl: relay.url,
      customStoragePrefix: `${prefix}-dapp`,
      storage: new MemoryStorage(),
      logger: 'silent',
      telemetryEnabled: false,
      metadata: { name: 'Portico test dapp', description: 'relay test', url: 'http://127.0.0.1', icons: [] },
    })
    walletCore = new Core({
      projectId: 'portico-local',
      relayUrl: relay.url,
      customStoragePrefix: `${prefix}-wallet`,
      storage: new MemoryStorage(),
      logger: 'silent',
      telemetryEnabled: false,
    })
    wallet = await WalletKit.init({
      core: walletCore,
      metadata: { name: 'Portico test wallet', description: 'relay test', url: 'http://127.0.0.1', icons: [] },
    })
    wallet.on('session_request', async ({ topic, id, params }) => {
      const { method, params: args } = params.request as { method: string; params: unknown[] }
      const result =
        method === 'personal_sign'
          ? await account.signMessage({ message: { raw: args[0] as Hex } })
          : method === 'eth_sendTransaction'
            ? FAKE_TX_HASH
            : undefined
      await wallet.respondSessionRequest({
        topic,
        response:
          result === undefined
            ? { id, jsonrpc: '2.0', error: { code: 4200, message: 'unsupported' } }
            : { id, jsonrpc: '2.0', result },
      })
    })
  })

  afterAll(async () => {
    for (const core of [dapp?.core, walletCore]) {
      if (!core) continue
      await core.relayer.transportClose().catch(() => {})
      core.heartbeat.stop()
    }
    await relay?.stop()
  })

  it('pairs and approves an eip155 session through the relay (proposal published before the wallet pairs)', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: [CHAIN], methods: METHODS, events: EVENTS } },
    })
    expect(uri).toMatch(/^wc:/)
    const proposal = nextEvent<{ id: number; params: unknown }>(wallet, 'session_proposal')
    await wallet.pair({ uri: uri! })
    const { id } = await proposal
    const walletSession = await wallet.approveSession({
      id,
      namespaces: {
        eip155: { chains: [CHAIN], accounts: [`${CHAIN}:${account.address}`], methods: METHODS, events: EVENTS },
      },
    })
    const session = await approval()
    sessionTopic = session.topic
    expect(session.topic).toBe(walletSession.topic)
    expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${account.address}`])
  })

  it('carries a personal_sign request and the wallet signature back', async () => {
    const message = 'Portico says hello'
    const signature = await dapp.request<Hex>({
      topic: sessionTopic,
      chainId: CHAIN,
      request: { method: 'personal_sign', params: [toHex(message), account.address] },
    })
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)
  })

  it('carries an eth_sendTransaction request and its hash', async () => {
    const hash = await dapp.request<Hex>({
      topic: sessionTopic,
      chainId: CHAIN,
      request: { method: 'eth_sendTransaction', params: [{ from: account.address, to: account.address, value: '0x1' }] },
    })
    expect(hash).toBe(FAKE_TX_HASH)
  })

  it('delivers a chainChanged session event to the dapp', async () => {
    const received = nextEvent<{ topic: string; params: { event: { name: string; data: unknown }; chainId: string } }>(
      dapp,
      'session_event',
    )
    await wallet.emitSessionEvent({ topic: sessionTopic, event: { name: 'chainChanged', data: 31337 }, chainId: CHAIN })
    const { topic, params } = await received
    expect(topic).toBe(sessionTopic)
    expect(params.event).toEqual({ name: 'chainChanged', data: 31337 })
    expect(params.chainId).toBe(CHAIN)
  })

  it('delivers a session update that adds a chain', async () => {
    const updated = nextEvent<{ topic: string; params: { namespaces: Record<string, { chains?: string[] }> } }>(
      dapp,
      'session_update',
    )
    const { acknowledged } = await wallet.updateSession({
      topic: sessionTopic,
      namespaces: {
        eip155: {
          chains: [CHAIN, 'eip155:1'],
          accounts: [`${CHAIN}:${account.address}`, `eip155:1:${account.address}`],
          methods: METHODS,
          events: EVENTS,
        },
      },
    })
    const { params } = await updated
    expect(params.namespaces.eip155?.chains).toEqual([CHAIN, 'eip155:1'])
    await acknowledged()
  })

  it('survives a relay restart mid-session: both clients reconnect by themselves and a request completes', async () => {
    const dappBack = nextEvent(dapp.core.relayer, 'relayer_connect')
    const walletBack = nextEvent(walletCore.relayer, 'relayer_connect')
    const storedBefore = relay.stats().storedMessages
    await relay.restart()
    expect(relay.stats().connections).toBe(0)
    expect(relay.stats().storedMessages).toBe(storedBefore)
    // A frame written in the instant before the client notices its socket died is lost on the client side
    // (sign-client retries it after 15 s + a heartbeat), so the request goes out once the dapp is back; the wallet
    // may still be reconnecting, and then gets it from the relay's store when it re-subscribes.
    await dappBack
    const signature = dapp.request<Hex>({
      topic: sessionTopic,
      chainId: CHAIN,
      request: { method: 'personal_sign', params: [toHex('after restart'), account.address] },
    })
    await walletBack
    expect(await verifyMessage({ address: account.address, message: 'after restart', signature: await signature })).toBe(
      true,
    )
    expect(relay.stats()).toMatchObject({ connections: 2, clients: 2, restarts: 1 })
  })

  it('delivers a delete from the wallet to the dapp', async () => {
    const deleted = nextEvent<{ topic: string }>(dapp, 'session_delete')
    await wallet.disconnectSession({ topic: sessionTopic, reason: { code: 6000, message: 'User disconnected.' } })
    expect((await deleted).topic).toBe(sessionTopic)
    expect(dapp.session.getAll()).toHaveLength(0)
  })

  it('points a Core at the local Verify API and serves an attestation the clients accept', async () => {
    pointVerifyAtLocalRelay(dapp.core, relay.httpUrl)
    expect((dapp.core.verify as unknown as { verifyUrlV3: string }).verifyUrlV3).toBe(`${relay.httpUrl}/v3`)

    const started = performance.now()
    const page = await (await fetch(`${relay.httpUrl}/v3/attestation?projectId=p&origin=http://127.0.0.1:5173&id=abc123&decryptedId=d`)).text()
    const attestation = /attestation:"([^"]+)"/.exec(page)?.[1] ?? ''
    expect(page).toContain('"verify_attestation"')
    const { publicKey } = (await (await fetch(`${relay.httpUrl}/v3/public-key`)).json()) as { publicKey: never }
    expect(performance.now() - started).toBeLessThan(2000)
    const payload = verifyP256Jwt<{ id: string; origin: string; isScam: boolean }>(attestation, publicKey)
    expect(payload).toMatchObject({ id: 'abc123', origin: 'http://127.0.0.1:5173', isScam: false })
    // The attestation goes to the dapp's exact origin, never "*"; a value that is not an origin is refused.
    expect(page).toContain(',"http://127.0.0.1:5173")')
    expect(page).not.toContain('"*"')
    for (const bad of ['*', 'javascript:alert(1)', 'http://127.0.0.1:5173/path', '"),alert(1)//']) {
      const res = await fetch(`${relay.httpUrl}/v3/attestation?projectId=p&origin=${encodeURIComponent(bad)}&id=x`)
      expect(res.status, bad).toBe(400)
    }
  })
})

/** A bare JSON-RPC client over `ws`, authenticated like sign-client. */
class RawClient {
  readonly inbox: Record<string, unknown>[] = []
  private waiters: { accept: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = []
  private nextId = 1

  private constructor(
    readonly ws: WebSocket,
    readonly clientId: string,
    private readonly autoAck: boolean,
  ) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>
      if (message.method === 'irn_subscription' && this.autoAck) {
        ws.send(JSON.stringify({ id: message.id, jsonrpc: '2.0', result: true }))
      }
      const waiter = this.waiters.find((w) => w.accept(message))
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter)
        waiter.resolve(message)
      } else {
        this.inbox.push(message)
      }
    })
  }

  static async connect(relay: Relay, opts: { keyPair?: Keypair; autoAck?: boolean } = {}): Promise<RawClient> {
    const keyPair = opts.keyPair ?? generateKeyPair()
    const jwt = await signJWT(`sub-${Math.random()}`, relay.url, 3600, keyPair)
    const ws = new WebSocket(`${relay.url}/?auth=${jwt}&projectId=portico-local`)
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    return new RawClient(ws, encodeIss(keyPair.publicKey), opts.autoAck ?? true)
  }

  /** Next message passing `accept`, including one that already arrived. */
  next(accept: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    const index = this.inbox.findIndex(accept)
    if (index !== -1) return Promise.resolve(this.inbox.splice(index, 1)[0]!)
    return new Promise((resolve) => this.waiters.push({ accept, resolve }))
  }

  nextDelivery(topic: string): Promise<{ id: string; data: { topic: string; message: string; publishedAt: number } }> {
    return this.next(
      (m) => m.method === 'irn_subscription' && (m.params as { data: { topic: string } }).data.topic === topic,
    ).then((m) => m.params as never)
  }

  async request(method: string, params: unknown): Promise<Record<string, unknown>> {
    const id = this.nextId++
    const answer = this.next((m) => m.id === id && m.method === undefined)
    this.ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    return answer
  }

  sendRaw(frame: string): Promise<Record<string, unknown>> {
    const answer = this.next((m) => m.method === undefined && 'error' in m)
    this.ws.send(frame)
    return answer
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve()
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve())
      this.ws.close()
    })
  }
}

describe('stack/relay protocol edges (raw ws clients)', () => {
  let relay: Relay
  const clients: RawClient[] = []
  const connect = async (opts?: Parameters<typeof RawClient.connect>[1]) => {
    const client = await RawClient.connect(relay, opts)
    clients.push(client)
    return client
  }

  beforeAll(async () => {
    relay = await startRelay({ maxMessageBytes: 4096 })
  })

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await relay.stop()
  })

  it('refuses a connection without auth, or with a forged JWT, with HTTP 401', async () => {
    const statusOf = (url: string) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(url)
        ws.once('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0)
          ws.terminate()
        })
        ws.once('open', () => {
          ws.close()
          reject(new Error('connection was accepted'))
        })
        ws.once('error', () => {})
      })
    expect(await statusOf(relay.url)).toBe(401)
    const jwt = await signJWT('sub', relay.url, 3600, generateKeyPair())
    const [header, payload] = jwt.split('.')
    const forged = `${header}.${payload}.${Buffer.alloc(64).toString('base64url')}`
    expect(await statusOf(`${relay.url}/?auth=${forged}`)).toBe(401)
    expect(relay.stats().rejectedConnections).toBe(2)
  })

  it('answers irn_subscribe with sha256(topic + client id)', async () => {
    const client = await connect()
    const topic = topicOf('sub-id')
    const answer = await client.request('irn_subscribe', { topic })
    expect(answer.result).toBe(createHash('sha256').update(topic + client.clientId).digest('hex'))
    expect(answer.result).toBe(subscriptionId(topic, client.clientId))
  })

  it('answers bad frames with JSON-RPC errors and keeps serving everybody', async () => {
    const bad = await connect()
    const good = await connect()
    const topic = topicOf('after-bad-frames')
    await good.request('irn_subscribe', { topic })

    expect((await bad.sendRaw('this is {not json')).error).toMatchObject({ code: RELAY_ERROR.parse })
    const unknown = await bad.request('irn_doesNotExist', { topic })
    expect(unknown.error).toMatchObject({ code: RELAY_ERROR.methodNotFound })
    const publishedBefore = relay.stats().published
    const oversized = await bad.request('irn_publish', { topic, message: 'x'.repeat(5000), ttl: 300 })
    expect(oversized.error).toMatchObject({ code: RELAY_ERROR.payloadTooLarge })
    expect(relay.stats().published).toBe(publishedBefore)
    expect((await bad.request('irn_publish', { topic: 42, message: 'm', ttl: 300 })).error).toMatchObject({
      code: RELAY_ERROR.invalidParams,
    })
    expect((await bad.request('irn_subscribe', undefined)).error).toMatchObject({ code: RELAY_ERROR.invalidParams })
    expect((await bad.request('irn_publish', { topic, message: 'm', ttl: -5 })).error).toMatchObject({
      code: RELAY_ERROR.invalidParams,
    })

    const delivered = good.nextDelivery(topic)
    expect((await bad.request('irn_publish', { topic, message: 'still alive', ttl: 300, tag: 1108 })).result).toBe(true)
    const { id, data } = await delivered
    expect(id).toBe(subscriptionId(topic, good.clientId))
    expect(data).toMatchObject({ topic, message: 'still alive', tag: 1108 })
    expect(typeof data.publishedAt).toBe('number')
    expect(bad.ws.readyState).toBe(WebSocket.OPEN)
    expect(good.ws.readyState).toBe(WebSocket.OPEN)
  })

  it('keeps a message for its TTL: a later subscriber gets it, once; an expired one is not delivered', async () => {
    const publisher = await connect()
    const keptTopic = topicOf('kept')
    const expiredTopic = topicOf('expired')
    await publisher.request('irn_publish', { topic: keptTopic, message: 'early bird', ttl: 300 })
    await publisher.request('irn_publish', { topic: expiredTopic, message: 'stale', ttl: 1 })

    const subscriber = await connect()
    const early = subscriber.nextDelivery(keptTopic)
    await subscriber.request('irn_subscribe', { topic: keptTopic })
    expect((await early).data.message).toBe('early bird')

    // Acknowledged, so a second subscribe does not hand it out again: the next delivery is the fresh message.
    await subscriber.request('irn_subscribe', { topic: keptTopic })
    const fresh = subscriber.nextDelivery(keptTopic)
    await publisher.request('irn_publish', { topic: keptTopic, message: 'fresh', ttl: 300 })
    expect((await fresh).data.message).toBe('fresh')

    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 2_000)
      await subscriber.request('irn_subscribe', { topic: expiredTopic })
      const next = subscriber.nextDelivery(expiredTopic)
      await publisher.request('irn_publish', { topic: expiredTopic, message: 'new', ttl: 300 })
      expect((await next).data.message).toBe('new')
    } finally {
      vi.useRealTimers()
    }
  })

  it('re-delivers an unacknowledged message when the client comes back, and fetch returns it too', async () => {
    const publisher = await connect()
    const keyPair = generateKeyPair()
    const topic = topicOf('unacked')
    const forgetful = await connect({ keyPair, autoAck: false })
    await forgetful.request('irn_subscribe', { topic })
    const first = forgetful.nextDelivery(topic)
    await publisher.request('irn_publish', { topic, message: 'please ack', ttl: 300 })
    expect((await first).data.message).toBe('please ack')
    await forgetful.close()

    const back = await connect({ keyPair })
    expect(back.clientId).toBe(forgetful.clientId)
    const fetched = await back.request('irn_batchFetchMessages', { topics: [topic] })
    expect(fetched.result).toMatchObject({ messages: [{ topic, message: 'please ack' }], hasMore: false })
    // Fetched counts as delivered: a later subscribe does not repeat it.
    const again = await back.request('irn_batchFetchMessages', { topics: [topic] })
    expect(again.result).toMatchObject({ messages: [], hasMore: false })

    const other = await connect({ keyPair: generateKeyPair() })
    const redelivered = other.nextDelivery(topic)
    const answer = await other.request('irn_batchSubscribe', { topics: [topic] })
    expect(answer.result).toEqual([subscriptionId(topic, other.clientId)])
    expect((await redelivered).data.message).toBe('please ack')
  })

  it('keeps stored messages across restart(): an unacknowledged delivery is handed out again after reconnecting', async () => {
    const publisher = await connect()
    const keyPair = generateKeyPair()
    const topic = topicOf('restart')
    const before = await connect({ keyPair, autoAck: false })
    await before.request('irn_subscribe', { topic })
    const first = before.nextDelivery(topic)
    await publisher.request('irn_publish', { topic, message: 'survives restart', ttl: 300 })
    await first
    const closed = new Promise<void>((resolve) => before.ws.once('close', () => resolve()))
    await relay.restart()
    await closed
    const after = await connect({ keyPair })
    const again = after.nextDelivery(topic)
    await after.request('irn_batchSubscribe', { topics: [topic] })
    expect((await again).data.message).toBe('survives restart')
  })

  it('serves batch publish, unsubscribe and the wc_proposeSession / wc_approveSession shortcuts', async () => {
    const dappSide = await connect()
    const walletSide = await connect()
    const pairingTopic = topicOf('pairing')
    const sessionTopic = topicOf('session')

    expect((await dappSide.request('wc_proposeSession', { pairingTopic, sessionProposal: 'proposal', ttl: 300 })).result).toBe(true)
    const proposal = walletSide.nextDelivery(pairingTopic)
    await walletSide.request('irn_subscribe', { topic: pairingTopic })
    expect((await proposal).data).toMatchObject({ message: 'proposal', tag: 1100 })

    const response = dappSide.nextDelivery(pairingTopic)
    const approve = await walletSide.request('wc_approveSession', {
      pairingTopic,
      sessionTopic,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
    })
    expect(approve.result).toBe(true)
    expect((await response).data).toMatchObject({ message: 'response', tag: 1101 })
    const settle = dappSide.nextDelivery(sessionTopic)
    await dappSide.request('irn_subscribe', { topic: sessionTopic })
    expect((await settle).data).toMatchObject({ message: 'settle', tag: 1102 })

    // The wallet was subscribed to the session topic by wc_approveSession.
    const batch = walletSide.nextDelivery(sessionTopic)
    await dappSide.request('irn_batchPublish', { messages: [{ topic: sessionTopic, message: 'b1', ttl: 300 }] })
    expect((await batch).data.message).toBe('b1')

    await walletSide.request('irn_batchUnsubscribe', { subscriptions: [{ topic: sessionTopic, id: subscriptionId(sessionTopic, walletSide.clientId) }] })
    await walletSide.request('irn_unsubscribe', { topic: pairingTopic, id: subscriptionId(pairingTopic, walletSide.clientId) })
    await dappSide.request('irn_publish', { topic: sessionTopic, message: 'after unsubscribe', ttl: 300 })
    const marker = topicOf('marker')
    await walletSide.request('irn_subscribe', { topic: marker })
    const markerDelivery = walletSide.nextDelivery(marker)
    await dappSide.request('irn_publish', { topic: marker, message: 'marker', ttl: 300 })
    await markerDelivery
    expect(walletSide.inbox.filter((m) => m.method === 'irn_subscription')).toEqual([])
  })

  it('pings connected clients', async () => {
    const pinging = await startRelay({ pingIntervalMs: 50 })
    try {
      const client = await RawClient.connect(pinging)
      await new Promise<void>((resolve) => client.ws.once('ping', () => resolve()))
      await client.close()
    } finally {
      await pinging.stop()
    }
  })
})
