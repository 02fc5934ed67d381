import { createHash, createPrivateKey, sign as edSign } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { SignClient } from '@walletconnect/sign-client'
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { generateKeyPair, signJWT, type Keypair } from '@walletconnect/relay-auth'
import { verifyP256Jwt } from '@walletconnect/utils'
import { privateKeyToAccount } from 'viem/accounts'
import { toHex, verifyMessage, type Hex } from 'viem'
import { RELAY_DEFAULTS, RELAY_ERROR, startRelay, subscriptionId, type Relay, type RelayOptions } from './index.ts'
import { parseRelayFlags } from './cli.ts'
import { pointVerifyAtLocalRelay } from './verify-client.ts'
import { MemoryStorage, RawClient, nextEvent, rawHttp, upgradeRequest } from './test-kit.ts'

// WalletConnect skips telemetry, Verify and link-mode probing when it sees this (isTestRun()).
process.env.IS_VITEST = 'true'

const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const account = privateKeyToAccount(DEV_KEY)
const CHAIN = 'eip155:31337'
const METHODS = ['personal_sign', 'eth_sendTransaction']
const EVENTS = ['accountsChanged', 'chainChanged']
const FAKE_TX_HASH = `0x${'ab'.repeat(32)}` as Hex
const DAPP_ORIGIN = 'http://127.0.0.1:5173'
const topicOf = (label: string) => createHash('sha256').update(`${label}-${Math.random()}`).digest('hex')

describe('stack/relay with the real sign-client (dapp) and WalletKit (wallet)', () => {
  let relay: Relay
  let dapp: InstanceType<typeof SignClient>
  let wallet: InstanceType<typeof WalletKit>
  let walletCore: InstanceType<typeof Core>
  let sessionTopic = ''
  const prefix = `relay-test-${process.pid}-${Date.now()}`

  beforeAll(async () => {
    relay = await startRelay({ verifyOrigins: [DAPP_ORIGIN] })
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

    const page = await (await fetch(`${relay.httpUrl}/v3/attestation?projectId=p&origin=${DAPP_ORIGIN}&id=abc123&decryptedId=d`)).text()
    const attestation = /attestation:"([^"]+)"/.exec(page)?.[1] ?? ''
    expect(page).toContain('"verify_attestation"')
    const { publicKey } = (await (await fetch(`${relay.httpUrl}/v3/public-key`)).json()) as { publicKey: never }
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

  it('pings connected clients and terminates one that stops answering pongs', async () => {
    // The relay's ping timer runs on fake time; each round waits for the pong it caused, so nothing races the clock.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const interval = 30_000
    const pinging = await startRelay({ pingIntervalMs: interval })
    try {
      const answering = await RawClient.connect(pinging)
      const silent = await RawClient.connect(pinging, { ws: { autoPong: false } })
      let pings = 0
      answering.ws.on('ping', () => pings++)
      for (let round = 1; round <= 3; round++) {
        vi.advanceTimersByTime(interval)
        await expect.poll(() => pinging.stats().pongsReceived, { timeout: 10_000 }).toBe(round)
      }
      // The silent client missed the pong of round 1 and was cut in round 2; the other one is still there.
      expect((await silent.closed).code).toBe(1006)
      expect(answering.ws.readyState).toBe(WebSocket.OPEN)
      expect(pings).toBe(3)
      expect(pinging.stats()).toMatchObject({ pingsSent: 4, pongsReceived: 3, pingTimeouts: 1, connections: 1 })
      await answering.close()
    } finally {
      vi.useRealTimers()
      await pinging.stop()
    }
  })
})

describe('stack/relay hardening: HTTP requests it cannot parse', () => {
  let relay: Relay
  const port = () => Number(new URL(relay.url).port)

  beforeAll(async () => {
    relay = await startRelay()
  })

  afterAll(async () => {
    await relay.stop()
  })

  it('answers a request line that is not a valid URL with 400 (plain and upgrade) and keeps serving everybody', async () => {
    expect((await rawHttp(port(), 'GET http://[ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')).status).toBe(400)
    expect((await rawHttp(port(), upgradeRequest('http://['))).status).toBe(400)
    expect((await rawHttp(port(), upgradeRequest('//['))).status).toBe(400)
    // What Node's HTTP parser refuses (unknown method, oversized head) is answered too, not just dropped.
    expect((await rawHttp(port(), 'BREW /pot HTCPCP/1.0\r\n\r\n')).status).toBe(400)
    expect((await rawHttp(port(), `GET /?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)).status).toBe(431)

    const subscriber = await RawClient.connect(relay)
    const publisher = await RawClient.connect(relay)
    const topic = topicOf('after-bad-http')
    await subscriber.request('irn_subscribe', { topic })
    const delivered = subscriber.nextDelivery(topic)
    expect((await publisher.request('irn_publish', { topic, message: 'still serving', ttl: 300 })).result).toBe(true)
    expect((await delivered).data.message).toBe('still serving')
    expect((await fetch(`${relay.httpUrl}/health`)).status).toBe(200)
    await Promise.all([subscriber.close(), publisher.close()])
  })
})

describe('stack/relay hardening: who may connect', () => {
  let relay: Relay

  beforeAll(async () => {
    relay = await startRelay()
  })

  afterAll(async () => {
    await relay.stop()
  })

  it('refuses an expired JWT, one without exp or for another relay (aud), one with another algorithm and one signed by a key other than its iss, with 401', async () => {
    const port = Number(new URL(relay.url).port)
    const keyPair = generateKeyPair()
    const expired = await signJWT('sub', relay.url, 60, keyPair, Math.floor(Date.now() / 1000) - 3600)
    const valid = await signJWT('sub', relay.url, 3600, keyPair)
    const [, payload, signature] = valid.split('.')
    const otherAlg = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.${signature}`
    const [otherHeader, , otherSignature] = (await signJWT('sub', relay.url, 3600, generateKeyPair())).split('.')
    const wrongKey = `${otherHeader}.${payload}.${otherSignature}`
    // Issue 26 item 8: a token without exp, or for another relay (aud), is refused too.
    const unsigned = (claims: Record<string, unknown>) => {
      const body = `${Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`
      const key = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(keyPair.secretKey.slice(0, 32))]), format: 'der', type: 'pkcs8' })
      return `${body}.${edSign(null, Buffer.from(body), key).toString('base64url')}`
    }
    const iss = JSON.parse(Buffer.from(payload!, 'base64url').toString()).iss as string
    const now = Math.floor(Date.now() / 1000)
    const noExp = unsigned({ iss, sub: 'sub', aud: relay.url, iat: now })
    const otherRelay = unsigned({ iss, sub: 'sub', aud: 'wss://relay.example.org', iat: now, exp: now + 3600 })
    const noAud = unsigned({ iss, sub: 'sub', iat: now, exp: now + 3600 })
    const sameClaims = unsigned({ iss, sub: 'sub', aud: relay.url, iat: now, exp: now + 3600 })
    for (const [name, jwt] of Object.entries({ expired, otherAlg, wrongKey, noExp, otherRelay, noAud })) {
      expect((await rawHttp(port, upgradeRequest(`/?auth=${jwt}`, '', `127.0.0.1:${port}`))).status, name).toBe(401)
    }
    expect((await rawHttp(port, upgradeRequest(`/?auth=${sameClaims}`, '', `127.0.0.1:${port}`))).status).toBe(101)
    expect((await rawHttp(port, upgradeRequest(`/?auth=${valid}`, '', `127.0.0.1:${port}`))).status).toBe(101)
    expect(relay.stats().rejectedConnections).toBe(6)
  })
})

describe('stack/relay hardening: batch sizes', () => {
  let relay: Relay
  let defaults: Relay
  const clients: RawClient[] = []
  const connect = async (target: Relay = relay) => {
    const client = await RawClient.connect(target)
    clients.push(client)
    return client
  }

  beforeAll(async () => {
    ;[relay, defaults] = await Promise.all([startRelay({ maxBatchTopics: 4 }), startRelay()])
  })

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await Promise.all([relay.stop(), defaults.stop()])
  })

  it('irn_batchSubscribe de-duplicates its topics: one id per topic and one delivery per message', async () => {
    const subscriber = await connect()
    const publisher = await connect()
    const [a, b] = [topicOf('dup-a'), topicOf('dup-b')]
    const subscribedBefore = relay.stats().subscribedTopics
    const answer = await subscriber.request('irn_batchSubscribe', { topics: [a, a, b, a] })
    expect(answer.result).toEqual([subscriptionId(a, subscriber.clientId), subscriptionId(b, subscriber.clientId)])
    expect(relay.stats().subscribedTopics).toBe(subscribedBefore + 2)

    const first = subscriber.nextDelivery(a)
    await publisher.request('irn_publish', { topic: a, message: 'once', ttl: 300 })
    expect((await first).data.message).toBe('once')
    // A marker published after it arrives after it: nothing else for topic a came in between.
    const marker = subscriber.nextDelivery(b)
    await publisher.request('irn_publish', { topic: b, message: 'marker', ttl: 300 })
    await marker
    expect(subscriber.inbox.filter((m) => m.method === 'irn_subscription')).toEqual([])
  })

  it('irn_batchFetchMessages de-duplicates its topics: a stored message is returned once', async () => {
    const publisher = await connect()
    const fetcher = await connect()
    const topic = topicOf('dup-fetch')
    await publisher.request('irn_publish', { topic, message: 'fetch me once', ttl: 300 })
    const fetched = await fetcher.request('irn_batchFetchMessages', { topics: [topic, topic, topic] })
    expect(fetched.result).toMatchObject({ messages: [{ topic, message: 'fetch me once' }], hasMore: false })
    expect((fetched.result as { messages: unknown[] }).messages).toHaveLength(1)
  })

  it('answers batches longer than maxBatchTopics with -32602 and does none of it', async () => {
    const client = await connect()
    const topics = [1, 2, 3, 4, 5].map((i) => topicOf(`cap-${i}`))
    const before = relay.stats()
    const invalid = { code: RELAY_ERROR.invalidParams }
    expect((await client.request('irn_batchSubscribe', { topics })).error).toMatchObject(invalid)
    expect((await client.request('irn_batchFetchMessages', { topics })).error).toMatchObject(invalid)
    const messages = topics.map((topic) => ({ topic, message: 'm', ttl: 300 }))
    expect((await client.request('irn_batchPublish', { messages })).error).toMatchObject(invalid)
    const subscriptions = topics.map((topic) => ({ topic, id: subscriptionId(topic, client.clientId) }))
    expect((await client.request('irn_batchUnsubscribe', { subscriptions })).error).toMatchObject(invalid)
    expect(relay.stats()).toMatchObject({
      subscribedTopics: before.subscribedTopics,
      published: before.published,
      storedMessages: before.storedMessages,
    })
    // The limit itself is fine.
    expect((await client.request('irn_batchSubscribe', { topics: topics.slice(0, 4) })).result).toHaveLength(4)
  })

  it('caps batches at RELAY_DEFAULTS.maxBatchTopics (sign-client sends at most 500) by default', async () => {
    expect(RELAY_DEFAULTS.maxBatchTopics).toBe(500)
    const client = await connect(defaults)
    const topics = Array.from({ length: RELAY_DEFAULTS.maxBatchTopics + 1 }, (_, i) => topicOf(`default-cap-${i}`))
    expect((await client.request('irn_batchSubscribe', { topics })).error).toMatchObject({
      code: RELAY_ERROR.invalidParams,
    })
    expect((await client.request('irn_batchSubscribe', { topics: topics.slice(1) })).result).toHaveLength(500)
  })
})

describe('stack/relay hardening: quotas answer -32005 and are counted', () => {
  const relays: Relay[] = []
  const clients: RawClient[] = []
  const start = async (opts: RelayOptions) => {
    const relay = await startRelay(opts)
    relays.push(relay)
    return relay
  }
  const connect = async (relay: Relay, keyPair?: Keypair) => {
    const client = await RawClient.connect(relay, keyPair ? { keyPair } : {})
    clients.push(client)
    return client
  }
  const limit = { code: RELAY_ERROR.limitExceeded }

  afterAll(async () => {
    vi.useRealTimers()
    await Promise.all(clients.map((client) => client.close()))
    await Promise.all(relays.map((relay) => relay.stop()))
  })

  it('limits subscriptions per client id, across its connections', async () => {
    const relay = await start({ maxSubscriptionsPerClient: 3 })
    const keyPair = generateKeyPair()
    const first = await connect(relay, keyPair)
    const second = await connect(relay, keyPair)
    const [a, b, c, d] = [topicOf('quota-sub-a'), topicOf('quota-sub-b'), topicOf('quota-sub-c'), topicOf('quota-sub-d')]
    expect((await first.request('irn_batchSubscribe', { topics: [a, b] })).result).toHaveLength(2)
    expect((await second.request('irn_subscribe', { topic: c })).result).toBe(subscriptionId(c, first.clientId))
    const refused = await second.request('irn_subscribe', { topic: d })
    expect(refused.error).toMatchObject(limit)
    expect((refused.error as { message: string }).message).toMatch(/^Limit exceeded/)
    expect((await first.request('irn_batchSubscribe', { topics: [d] })).error).toMatchObject(limit)
    // Subscribing again to a topic it has is no new subscription; freeing one makes room.
    expect((await first.request('irn_subscribe', { topic: a })).result).toBe(subscriptionId(a, first.clientId))
    await first.request('irn_unsubscribe', { topic: a, id: subscriptionId(a, first.clientId) })
    expect((await second.request('irn_subscribe', { topic: d })).result).toBe(subscriptionId(d, first.clientId))
    // Another client id has its own allowance.
    const other = await connect(relay)
    expect((await other.request('irn_batchSubscribe', { topics: [a, b, c] })).result).toHaveLength(3)
    expect(relay.stats().limitExceeded).toMatchObject({ subscriptionsPerClient: 2 })
  })

  it('limits publishes per second per client (a burst of twice the rate, then the rate)', async () => {
    const relay = await start({ maxPublishRate: 4 })
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const publisher = await connect(relay)
      const topic = topicOf('quota-rate')
      const publish = (i: number) => publisher.request('irn_publish', { topic, message: `m${i}`, ttl: 300 })
      for (let i = 0; i < 8; i++) expect((await publish(i)).result, `publish ${i}`).toBe(true)
      expect((await publish(8)).error).toMatchObject(limit)
      const batch = await publisher.request('irn_batchPublish', { messages: [{ topic, message: 'b', ttl: 300 }] })
      expect(batch.error).toMatchObject(limit)
      vi.setSystemTime(Date.now() + 1000) // one second refills `rate` tokens
      for (let i = 9; i < 13; i++) expect((await publish(i)).result, `publish ${i}`).toBe(true)
      expect((await publish(13)).error).toMatchObject(limit)
      // Per client: somebody else publishes freely.
      const other = await connect(relay)
      expect((await other.request('irn_publish', { topic, message: 'other', ttl: 300 })).result).toBe(true)
      expect(relay.stats().limitExceeded).toMatchObject({ publishRate: 3 })
      expect(relay.stats().published).toBe(13)
    } finally {
      vi.useRealTimers()
    }
  })

  it('limits the bytes a client keeps stored until they expire', async () => {
    const relay = await start({ maxStoredBytesPerClient: 1000 })
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const publisher = await connect(relay)
      const publish = (message: string, ttl = 300) =>
        publisher.request('irn_publish', { topic: topicOf('quota-bytes'), message, ttl })
      expect((await publish('x'.repeat(600), 10)).result).toBe(true)
      expect((await publish('y'.repeat(600))).error).toMatchObject(limit)
      expect((await publish('z'.repeat(400))).result).toBe(true)
      vi.setSystemTime(Date.now() + 11_000) // the first message expired: its bytes are free again
      expect((await publish('w'.repeat(600))).result).toBe(true)
      expect((await publish('v'.repeat(100))).error).toMatchObject(limit)
      expect(relay.stats().limitExceeded).toMatchObject({ storedBytesPerClient: 2 })
    } finally {
      vi.useRealTimers()
    }
  })

  it('limits messages and bytes per topic, whoever publishes', async () => {
    const relay = await start({ maxTopicMessages: 3, maxTopicBytes: 1000 })
    const [alice, bob] = [await connect(relay), await connect(relay)]
    const counted = relay.stats().limitExceeded
    const topic = topicOf('quota-topic')
    for (const [i, client] of [alice, bob, alice].entries()) {
      expect((await client.request('irn_publish', { topic, message: `short ${i}`, ttl: 300 })).result).toBe(true)
    }
    expect((await bob.request('irn_publish', { topic, message: 'one too many', ttl: 300 })).error).toMatchObject(limit)
    // The same payload again is no new message.
    expect((await bob.request('irn_publish', { topic, message: 'short 1', ttl: 300 })).result).toBe(true)

    const big = topicOf('quota-topic-bytes')
    expect((await alice.request('irn_publish', { topic: big, message: 'a'.repeat(700), ttl: 300 })).result).toBe(true)
    expect((await bob.request('irn_publish', { topic: big, message: 'b'.repeat(400), ttl: 300 })).error).toMatchObject(limit)
    expect((await bob.request('irn_publish', { topic: big, message: 'b'.repeat(300), ttl: 300 })).result).toBe(true)
    expect(relay.stats().limitExceeded).toMatchObject({ topicMessages: counted.topicMessages + 1, topicBytes: counted.topicBytes + 1 })
  })

  it('limits connections per client IP (X-Forwarded-For behind a trusted proxy) with HTTP 429', async () => {
    const relay = await start({ maxConnectionsPerIp: 2, trustProxyHops: 1 })
    const jwt = await signJWT('sub', relay.url, 3600, generateKeyPair())
    const open = (forwardedFor: string) =>
      new Promise<{ status: number; ws?: WebSocket }>((resolve) => {
        const ws = new WebSocket(`${relay.url}/?auth=${jwt}`, { headers: { 'x-forwarded-for': forwardedFor } })
        ws.once('open', () => resolve({ status: 101, ws }))
        ws.once('unexpected-response', (_req, res) => {
          resolve({ status: res.statusCode ?? 0 })
          ws.terminate()
        })
        ws.once('error', () => {})
      })
    const a1 = await open('203.0.113.9, 198.51.100.1')
    const a2 = await open('198.51.100.1')
    expect([a1.status, a2.status]).toEqual([101, 101])
    expect((await open('198.51.100.1')).status).toBe(429)
    const b = await open('198.51.100.2')
    expect(b.status).toBe(101)
    expect(relay.stats().limitExceeded).toMatchObject({ connectionsPerIp: 1 })
    const closed = new Promise((resolve) => a1.ws!.once('close', resolve))
    a1.ws!.close()
    await closed
    await expect.poll(() => relay.stats().connections, { timeout: 10_000 }).toBe(2)
    const again = await open('198.51.100.1')
    expect(again.status).toBe(101)
    for (const ws of [a2.ws, b.ws, again.ws]) ws?.close()
  })

  it('caps connections per client IP by default (issue 26 item 8): the 101st from one address gets HTTP 429', async () => {
    const relay = await start({})
    const jwt = await signJWT('sub', relay.url, 3600, generateKeyPair())
    const open = () =>
      new Promise<{ status: number; ws?: WebSocket }>((resolve) => {
        const ws = new WebSocket(`${relay.url}/?auth=${jwt}`)
        ws.once('open', () => resolve({ status: 101, ws }))
        ws.once('unexpected-response', (_req, res) => {
          resolve({ status: res.statusCode ?? 0 })
          ws.terminate()
        })
        ws.once('error', () => {})
      })
    const opened: WebSocket[] = []
    try {
      for (let i = 0; i < 100; i++) {
        const r = await open()
        expect(r.status).toBe(101)
        opened.push(r.ws!)
      }
      expect((await open()).status).toBe(429)
      expect(relay.stats().limitExceeded).toMatchObject({ connectionsPerIp: 1 })
    } finally {
      for (const ws of opened) ws.close()
    }
  })

  it('reads every limit from command-line flags; unset ones keep RELAY_DEFAULTS', () => {
    const opts = parseRelayFlags([
      '--port', '9000', '--host', '0.0.0.0', '--redis', 'redis://10.0.0.5:6379', '--redis-prefix', 'wc:',
      '--max-message-bytes', '1000', '--max-batch-topics', '50', '--max-fetch-messages', '20', '--max-fetch-bytes', '4096',
      '--max-subscriptions-per-client', '10', '--max-publish-rate', '7', '--max-stored-bytes-per-client', '2048',
      '--max-topic-messages', '30', '--max-topic-bytes', '8192', '--max-connections-per-ip', '5',
      '--max-buffered-bytes', '65536', '--ping-interval-ms', '1000', '--trust-proxy', '1',
      '--verify-origin', 'https://dapp.example', '--verify-origin', 'https://wallet.example', '--verbose',
    ])
    expect(opts).toEqual({
      port: 9000, host: '0.0.0.0', redis: 'redis://10.0.0.5:6379', redisPrefix: 'wc:', maxMessageBytes: 1000,
      maxBatchTopics: 50, maxFetchMessages: 20, maxFetchBytes: 4096, maxSubscriptionsPerClient: 10, maxPublishRate: 7,
      maxStoredBytesPerClient: 2048, maxTopicMessages: 30, maxTopicBytes: 8192, maxConnectionsPerIp: 5,
      maxBufferedBytes: 65536, pingIntervalMs: 1000, trustProxy: 1,
      verifyOrigins: ['https://dapp.example', 'https://wallet.example'], verbose: true,
    })
    expect(parseRelayFlags([])).toEqual({ port: 8787 })
    expect(parseRelayFlags([], { RELAY_REDIS_URL: 'rediss://relay:secret@10.0.0.5:6380/0' })).toEqual({
      port: 8787,
      redis: 'rediss://relay:secret@10.0.0.5:6380/0',
    })
    expect(() => parseRelayFlags(['--redis', 'http://10.0.0.5'])).toThrow(/--redis/)
    expect(() => parseRelayFlags(['--max-topic-bytes', 'lots'])).toThrow(/--max-topic-bytes/)
    expect(() => parseRelayFlags(['--verify-origin', 'https://dapp.example/path'])).toThrow(/--verify-origin/)
    expect(() => parseRelayFlags(['--max-everything', '1'])).toThrow(/--max-everything/)
    expect(RELAY_DEFAULTS).toMatchObject({
      maxSubscriptionsPerClient: expect.any(Number),
      maxPublishRate: expect.any(Number),
      maxStoredBytesPerClient: expect.any(Number),
      maxTopicMessages: expect.any(Number),
      maxTopicBytes: expect.any(Number),
    })
  })
})

describe('stack/relay hardening: delivery is counted once written, fetch replies are paged by bytes', () => {
  const relays: Relay[] = []
  const clients: RawClient[] = []
  const connect = async (relay: Relay, opts: Parameters<typeof RawClient.connect>[1] = {}) => {
    const client = await RawClient.connect(relay, opts)
    clients.push(client)
    return client
  }

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await Promise.all(relays.map((relay) => relay.stop()))
  })

  it('does not count a fetched message as delivered when the reply cannot be written', async () => {
    // The reader stops reading, so the relay's writes pile up in its socket buffer behind 64 MiB of pushes (more
    // than the kernel buffers of both ends hold); then the reader's connection is reset: those writes fail.
    const floodMessages = 64
    const relay = await startRelay({
      maxMessageBytes: 1024 * 1024 + 4096,
      maxTopicBytes: 128 * 1024 * 1024,
      maxTopicMessages: 1000,
      maxStoredBytesPerClient: 128 * 1024 * 1024,
      maxPublishRate: 1000,
      maxBufferedBytes: 256 * 1024 * 1024,
    })
    relays.push(relay)
    const keyPair = generateKeyPair()
    const publisher = await connect(relay)
    const watcher = await connect(relay)
    const reader = await connect(relay, { keyPair, autoAck: false })
    const [flood, mailbox, marker] = [topicOf('flood'), topicOf('mailbox'), topicOf('marker')]
    await reader.request('irn_subscribe', { topic: flood })
    await watcher.request('irn_subscribe', { topic: marker })
    await publisher.request('irn_publish', { topic: mailbox, message: 'fetched while nobody reads', ttl: 300 })

    const socket = (reader.ws as unknown as { _socket: import('node:net').Socket })._socket
    socket.pause()
    const deliveredAtStart = relay.stats().delivered
    const chunk = 'f'.repeat(1024 * 1024)
    for (let i = 0; i < floodMessages; i++) {
      expect((await publisher.request('irn_publish', { topic: flood, message: `${i}${chunk}`, ttl: 300 })).result).toBe(true)
    }
    // Frames of one connection are handled in order: once the marker is out, the fetch has been answered.
    const markerSeen = watcher.nextDelivery(marker)
    reader.ws.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_batchFetchMessages', params: { topics: [mailbox] } }))
    reader.ws.send(JSON.stringify({ id: 2, jsonrpc: '2.0', method: 'irn_publish', params: { topic: marker, message: 'fetched', ttl: 300 } }))
    await markerSeen
    socket.resetAndDestroy()
    await expect.poll(() => relay.stats().connections, { timeout: 20_000 }).toBe(2)
    // Only what reached the reader's socket counts (the kernel took a few MiB), not the 64 pushes, marker and fetch.
    const counted = relay.stats().delivered - deliveredAtStart
    expect(counted).toBeGreaterThanOrEqual(1)
    expect(counted).toBeLessThan(floodMessages)

    const back = await connect(relay, { keyPair })
    const fetched = await back.request('irn_batchFetchMessages', { topics: [mailbox] })
    expect(fetched.result).toMatchObject({ messages: [{ topic: mailbox, message: 'fetched while nobody reads' }], hasMore: false })
    const again = await back.request('irn_batchFetchMessages', { topics: [mailbox] })
    expect(again.result).toMatchObject({ messages: [], hasMore: false })
  })

  it('pages irn_batchFetchMessages by bytes (hasMore) and hands each message out once', async () => {
    const relay = await startRelay({ maxFetchBytes: 5000 })
    relays.push(relay)
    const publisher = await connect(relay)
    const fetcher = await connect(relay)
    const [a, b] = [topicOf('page-a'), topicOf('page-b')]
    const sent: string[] = []
    for (let i = 0; i < 6; i++) {
      const message = `${i}:${'p'.repeat(1500)}`
      sent.push(message)
      await publisher.request('irn_publish', { topic: i % 2 ? b : a, message, ttl: 300 })
    }
    const received: string[] = []
    const pages: number[] = []
    for (;;) {
      const answer = await fetcher.request('irn_batchFetchMessages', { topics: [a, b] })
      const page = answer.result as { messages: { message: string }[]; hasMore: boolean }
      const bytes = Buffer.byteLength(JSON.stringify(answer))
      expect(bytes).toBeLessThanOrEqual(5000 + 200)
      pages.push(page.messages.length)
      received.push(...page.messages.map((m) => m.message))
      if (!page.hasMore) break
      expect(pages.length).toBeLessThan(10)
    }
    expect(pages.length).toBeGreaterThan(1)
    expect(received.sort()).toEqual([...sent].sort())
    // A single message larger than the page size still goes out, alone.
    const huge = topicOf('page-huge')
    await publisher.request('irn_publish', { topic: huge, message: 'h'.repeat(8000), ttl: 300 })
    const alone = await fetcher.request('irn_batchFetchMessages', { topics: [huge] })
    expect((alone.result as { messages: unknown[] }).messages).toHaveLength(1)
  })

  it('closes a socket that does not read what it is sent beyond maxBufferedBytes, and counts it', async () => {
    const relay = await startRelay({
      maxBufferedBytes: 2 * 1024 * 1024,
      maxTopicBytes: 128 * 1024 * 1024,
      maxTopicMessages: 1000,
      maxStoredBytesPerClient: 128 * 1024 * 1024,
      maxPublishRate: 1000,
    })
    relays.push(relay)
    const publisher = await connect(relay)
    const slow = await connect(relay, { autoAck: false })
    const topic = topicOf('slow')
    await slow.request('irn_subscribe', { topic })
    ;(slow.ws as unknown as { _socket: import('node:net').Socket })._socket.pause()
    const chunk = 's'.repeat(400 * 1024)
    // 64 MiB at most: more than the kernel buffers of both ends hold, then the relay's own buffer passes 2 MiB.
    for (let i = 0; i < 160 && relay.stats().slowConsumers === 0; i++) {
      await publisher.request('irn_publish', { topic, message: `${i}${chunk}`, ttl: 300 })
    }
    expect(relay.stats().slowConsumers).toBe(1)
    await expect.poll(() => relay.stats().connections, { timeout: 20_000 }).toBe(1)
    // The client still does not read, so it would not notice; let it go without its 30 s closing handshake.
    slow.ws.terminate()
  })
})

describe('stack/relay hardening: the Verify stand-in attests and answers CORS for allowed origins only', () => {
  let relay: Relay
  const DAPP = 'http://127.0.0.1:5173'
  const WALLET = 'http://127.0.0.1:5174'
  const attestationUrl = (origin: string) =>
    `${relay.httpUrl}/v3/attestation?projectId=p&origin=${encodeURIComponent(origin)}&id=abc&decryptedId=d`

  beforeAll(async () => {
    relay = await startRelay({ verifyOrigins: [DAPP] })
  })

  afterAll(async () => {
    await relay.stop()
  })

  it('attests an allowed origin and refuses any other with 403', async () => {
    const allowed = await fetch(attestationUrl(DAPP))
    expect(allowed.status).toBe(200)
    expect(await allowed.text()).toContain('"verify_attestation"')
    for (const origin of ['https://evil.example', 'http://127.0.0.1:5175', 'http://localhost:5173']) {
      const refused = await fetch(attestationUrl(origin))
      expect(refused.status, origin).toBe(403)
      expect(await refused.text(), origin).not.toContain('verify_attestation')
    }
  })

  it('answers CORS with the exact allowed origin and Vary: Origin, and nothing for other origins', async () => {
    const keyFor = (origin: string) => fetch(`${relay.httpUrl}/v3/public-key`, { headers: { origin } })
    const allowed = await keyFor(DAPP)
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(DAPP)
    expect(allowed.headers.get('vary')).toMatch(/Origin/)
    const other = await keyFor('https://evil.example')
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    expect(other.headers.get('vary')).toMatch(/Origin/)
    const health = await fetch(`${relay.httpUrl}/health`, { headers: { origin: 'https://evil.example' } })
    expect(health.headers.get('access-control-allow-origin')).toBeNull()

    const preflight = (origin: string) =>
      fetch(`${relay.httpUrl}/v3/public-key`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      })
    const okPreflight = await preflight(DAPP)
    expect(okPreflight.status).toBe(204)
    expect(okPreflight.headers.get('access-control-allow-origin')).toBe(DAPP)
    const badPreflight = await preflight('https://evil.example')
    expect(badPreflight.status).toBe(403)
    expect(badPreflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('takes more origins at runtime (allowVerifyOrigins) and attests nothing by default', async () => {
    expect((await fetch(attestationUrl(WALLET))).status).toBe(403)
    relay.allowVerifyOrigins(WALLET)
    expect((await fetch(attestationUrl(WALLET))).status).toBe(200)
    const key = await fetch(`${relay.httpUrl}/v3/public-key`, { headers: { origin: WALLET } })
    expect(key.headers.get('access-control-allow-origin')).toBe(WALLET)
    expect(() => relay.allowVerifyOrigins('http://127.0.0.1:5174/path')).toThrow()

    const bare = await startRelay()
    try {
      expect((await fetch(`${bare.httpUrl}/v3/attestation?origin=${encodeURIComponent(DAPP)}&id=x`)).status).toBe(403)
    } finally {
      await bare.stop()
    }
  })
})
