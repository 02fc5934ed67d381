import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignClient } from '@walletconnect/sign-client'
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { Redis } from 'ioredis'
import { generateKeyPair } from '@walletconnect/relay-auth'
import { privateKeyToAccount } from 'viem/accounts'
import { toHex, verifyMessage, type Hex } from 'viem'
import { RELAY_ERROR, startRelay, subscriptionId, type Relay, type RelayOptions } from './index.ts'
import { startLocalRedis, type LocalRedis } from './redis-server.ts'
import { RedisStore } from './redis-store.ts'
import { MemoryStorage, RawClient, nextEvent } from './test-kit.ts'

// WalletConnect skips telemetry, Verify and link-mode probing when it sees this (isTestRun()).
process.env.IS_VITEST = 'true'

/** Calls per command from Redis's INFO commandstats (since the last CONFIG RESETSTAT). */
const callsOf = (info: string): Record<string, number> =>
  Object.fromEntries([...info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map(([, name, calls]) => [name, Number(calls)]))

const topicOf = (label: string) => createHash('sha256').update(`${label}-${Math.random()}`).digest('hex')

let redis: LocalRedis
const relays: Relay[] = []
const clients: RawClient[] = []

/** A relay on the test's Redis; `prefix` keeps one test's keys apart from another's. */
async function relayOnRedis(prefix: string, opts: RelayOptions = {}): Promise<Relay> {
  const relay = await startRelay({ ...opts, redis: redis.url, redisPrefix: `test:${prefix}:` })
  relays.push(relay)
  return relay
}

async function connect(relay: Relay, opts: Parameters<typeof RawClient.connect>[1] = {}): Promise<RawClient> {
  const client = await RawClient.connect(relay, opts)
  clients.push(client)
  return client
}

/** Publishes a marker on `topic` from `publisher` and waits until `subscriber` has it: whatever came before is in. */
async function drain(subscriber: RawClient, publisher: RawClient, topic: string): Promise<void> {
  const marker = `marker-${Math.random()}`
  const seen = subscriber.next(
    (m) => m.method === 'irn_subscription' && (m.params as { data: { message: string } }).data.message === marker,
  )
  await publisher.request('irn_publish', { topic, message: marker, ttl: 300 })
  await seen
}

const deliveries = (client: RawClient, topic: string) =>
  client.inbox.filter(
    (m) => m.method === 'irn_subscription' && (m.params as { data: { topic: string } }).data.topic === topic,
  )

beforeAll(async () => {
  redis = await startLocalRedis()
})

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()))
  await Promise.all(relays.map((relay) => relay.stop()))
  await redis?.stop()
})

describe('stack/relay scale-out: several relay processes on one Redis are one relay', () => {
  it('delivers to a client on relay A what a client on relay B published, once, and both count it stored', async () => {
    const [a, b] = [await relayOnRedis('fanout'), await relayOnRedis('fanout')]
    const onA = await connect(a)
    const onB = await connect(b)
    const topic = topicOf('cross')
    expect((await onA.request('irn_subscribe', { topic })).result).toBe(subscriptionId(topic, onA.clientId))
    const delivered = onA.nextDelivery(topic)
    expect((await onB.request('irn_publish', { topic, message: 'from B', ttl: 300, tag: 1108 })).result).toBe(true)
    expect((await delivered).data).toMatchObject({ topic, message: 'from B', tag: 1108 })
    // The same payload published again, on either relay, is no new message.
    await onB.request('irn_publish', { topic, message: 'from B', ttl: 300 })
    const other = await connect(a)
    await other.request('irn_publish', { topic, message: 'from B', ttl: 300 })
    await drain(onA, onB, topic)
    expect(deliveries(onA, topic)).toEqual([])
    await expect.poll(() => a.stats().storedMessages, { timeout: 10_000 }).toBe(2)
    await expect.poll(() => b.stats().storedMessages, { timeout: 10_000 }).toBe(2)
    expect(a.stats().published + b.stats().published).toBe(2)
  })

  it('hands a later subscriber on either relay what was stored, and an acknowledgement on one holds on the other', async () => {
    const [a, b] = [await relayOnRedis('acks'), await relayOnRedis('acks')]
    const publisher = await connect(b)
    const topic = topicOf('stored')
    await publisher.request('irn_publish', { topic, message: 'before anyone listened', ttl: 300 })

    const keyPair = generateKeyPair()
    const first = await connect(a, { keyPair })
    const early = first.nextDelivery(topic)
    await first.request('irn_subscribe', { topic })
    expect((await early).data.message).toBe('before anyone listened') // acked by RawClient
    await drain(first, publisher, topic)
    // Frames of one socket are handled in order: this answer comes once both acks are recorded in Redis. (Without
    // it the marker's ack could still be on its way when the client turns up at relay B: delivery is at least once.)
    expect((await first.request('irn_batchFetchMessages', { topics: [topic] })).result).toEqual({ messages: [], hasMore: false })
    await first.close()

    // The same client id on the other relay: the acknowledged message is not handed out again, a fetch is empty.
    const again = await connect(b, { keyPair })
    await again.request('irn_subscribe', { topic })
    expect((await again.request('irn_batchFetchMessages', { topics: [topic] })).result).toEqual({ messages: [], hasMore: false })
    await drain(again, await connect(a), topic)
    expect(deliveries(again, topic)).toEqual([])
  })

  it('counts stored topics and messages of all relays on its prefix from its own keys: no SCAN, the same few commands with a big keyspace', async () => {
    const [a, b] = [await relayOnRedis('counts'), await relayOnRedis('counts')]
    const elsewhere = await relayOnRedis('counts-elsewhere')
    const [onA, onB, onElsewhere] = [await connect(a), await connect(b), await connect(elsewhere)]
    const admin = new Redis(redis.url)
    try {
      // Keys that are not this deployment's: other applications', and another relay prefix's topic index.
      await admin.mset(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`other-app:${i}`, 'x'])))
      expect((await onElsewhere.request('irn_publish', { topic: topicOf('elsewhere'), message: 'not ours', ttl: 300 })).result).toBe(true)
      const [t1, t2, t3] = [topicOf('count-1'), topicOf('count-2'), topicOf('count-3')]
      for (const [client, topic, message, ttl] of [[onA, t1, 'one', 300], [onA, t1, 'two', 300], [onB, t2, 'three', 300], [onB, t3, 'short', 1]] as const) {
        expect((await client.request('irn_publish', { topic, message, ttl })).result).toBe(true)
      }
      // A republished payload is no new message.
      expect((await onB.request('irn_publish', { topic: t1, message: 'one', ttl: 300 })).result).toBe(true)
      await admin.config('RESETSTAT')
      await expect.poll(() => [a.stats().storedTopics, a.stats().storedMessages], { timeout: 10_000 }).toEqual([3, 4])
      await expect.poll(() => [b.stats().storedTopics, b.stats().storedMessages], { timeout: 10_000 }).toEqual([3, 4])
      // The 1 s message expires: both relays see it gone (on Redis's clock).
      await expect.poll(() => [a.stats().storedTopics, a.stats().storedMessages], { timeout: 15_000, interval: 200 }).toEqual([2, 3])
      await expect.poll(() => [b.stats().storedTopics, b.stats().storedMessages], { timeout: 15_000, interval: 200 }).toEqual([2, 3])
      await expect.poll(() => elsewhere.stats().storedMessages, { timeout: 10_000 }).toBe(1)
      const commands = await admin.info('commandstats')
      expect(commands).not.toMatch(/cmdstat_scan:/)
      expect(commands).not.toMatch(/cmdstat_keys:/)
      // One sample: one script call of four ZCOUNTs (and a ZREMRANGEBYRANK when something expired), whatever the
      // keyspace. The relays stop first, so that only this sample runs.
      await Promise.all([onA, onB, onElsewhere].map((client) => client.close()))
      await Promise.all([a, b, elsewhere].map((relay) => relay.stop()))
      await admin.config('RESETSTAT')
      const sampler = await RedisStore.connect({ url: redis.url, prefix: 'test:counts:', limits: { maxTopicMessages: 0, maxTopicBytes: 0, maxStoredBytesPerClient: 0 }, log: () => {} })
      try {
        const before = callsOf(await admin.info('commandstats'))
        await sampler.store.refreshCounts()
        expect(sampler.store.counts()).toEqual({ topics: 2, messages: 3 })
        const after = callsOf(await admin.info('commandstats'))
        expect((after.zcount ?? 0) - (before.zcount ?? 0)).toBe(4)
        expect(after.scan).toBeUndefined()
      } finally {
        await sampler.store.close()
        await sampler.bus.close()
      }
    } finally {
      await admin.quit()
    }
  })

  it('enforces per-topic limits across relays', async () => {
    const [a, b] = [await relayOnRedis('limits', { maxTopicMessages: 2 }), await relayOnRedis('limits', { maxTopicMessages: 2 })]
    const [onA, onB] = [await connect(a), await connect(b)]
    const topic = topicOf('limited')
    expect((await onA.request('irn_publish', { topic, message: 'one', ttl: 300 })).result).toBe(true)
    expect((await onB.request('irn_publish', { topic, message: 'two', ttl: 300 })).result).toBe(true)
    expect((await onA.request('irn_publish', { topic, message: 'three', ttl: 300 })).error).toMatchObject({
      code: RELAY_ERROR.limitExceeded,
    })
    expect(a.stats().limitExceeded.topicMessages).toBe(1)
  })

  it('limits a client\'s stored bytes and a topic\'s bytes across relays; a message that expired frees its share', async () => {
    const limits = { maxStoredBytesPerClient: 1000, maxTopicBytes: 1500 }
    const [a, b] = [await relayOnRedis('byte-limits', limits), await relayOnRedis('byte-limits', limits)]
    const keyPair = generateKeyPair()
    const [onA, onB] = [await connect(a, { keyPair }), await connect(b, { keyPair })]
    const limited = { code: RELAY_ERROR.limitExceeded }
    expect((await onA.request('irn_publish', { topic: topicOf('mine'), message: 'x'.repeat(600), ttl: 1 })).result).toBe(true)
    // The same client id on the other relay: its stored bytes are counted together.
    expect((await onB.request('irn_publish', { topic: topicOf('mine'), message: 'y'.repeat(600), ttl: 300 })).error).toMatchObject(limited)
    expect((await onB.request('irn_publish', { topic: topicOf('mine'), message: 'y'.repeat(400), ttl: 300 })).result).toBe(true)
    // Once the first message's TTL is over, its 600 bytes are free again (on Redis's clock).
    await expect
      .poll(async () => (await onB.request('irn_publish', { topic: topicOf('mine'), message: 'z'.repeat(600), ttl: 300 })).result, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(true)
    expect(b.stats().limitExceeded.storedBytesPerClient).toBeGreaterThanOrEqual(1)

    const topic = topicOf('bytes')
    const [first, second] = [await connect(a), await connect(b)]
    expect((await first.request('irn_publish', { topic, message: 'a'.repeat(1000), ttl: 300 })).result).toBe(true)
    expect((await second.request('irn_publish', { topic, message: 'b'.repeat(600), ttl: 300 })).error).toMatchObject(limited)
    expect((await second.request('irn_publish', { topic, message: 'b'.repeat(500), ttl: 300 })).result).toBe(true)
    expect(b.stats().limitExceeded.topicBytes).toBe(1)
  })

  it('hands a client that drops mid-stream and returns on the other relay all it missed, in order, and nothing it acknowledged', async () => {
    const [a, b] = [await relayOnRedis('reconnect'), await relayOnRedis('reconnect')]
    const publisher = await connect(a)
    const topic = topicOf('reconnect')
    const keyPair = generateKeyPair()
    const takeDeliveries = async (client: RawClient, count: number) => {
      const messages: string[] = []
      while (messages.length < count) messages.push((await client.nextDelivery(topic)).data.message)
      return messages
    }
    const publishAll = (messages: string[]) =>
      Promise.all(messages.map((message) => publisher.request('irn_publish', { topic, message, ttl: 300 })))

    const first = await connect(b, { keyPair })
    await first.request('irn_subscribe', { topic })
    const before = Array.from({ length: 5 }, (_, i) => `before ${i}`)
    await publishAll(before)
    expect(await takeDeliveries(first, before.length)).toEqual(before)
    // Answered once the acknowledgements before it are recorded (frames of one socket are handled in order).
    expect((await first.request('irn_batchFetchMessages', { topics: [topic] })).result).toEqual({ messages: [], hasMore: false })
    await first.close()

    // Published while it is away: more than a topic's pruning period (64), so the lazy pruning runs meanwhile.
    const missed = Array.from({ length: 100 }, (_, i) => `missed ${String(i).padStart(3, '0')}`)
    await publishAll(missed)
    const back = await connect(a, { keyPair })
    const arriving = takeDeliveries(back, missed.length + 3)
    await back.request('irn_subscribe', { topic })
    const after = ['after 0', 'after 1', 'after 2']
    await publishAll(after)
    const received = await arriving
    expect(received.filter((message) => message.startsWith('missed'))).toEqual(missed)
    expect(received.filter((message) => message.startsWith('after')).sort()).toEqual(after)
    // Nothing it acknowledged before it left came again.
    await drain(back, publisher, topic)
    expect(deliveries(back, topic)).toEqual([])
  })

  it('loses nothing when a relay process stops and another starts on the same Redis', async () => {
    const first = await relayOnRedis('restart')
    const other = await relayOnRedis('restart')
    const keyPair = generateKeyPair()
    const publisher = await connect(other)
    const topic = topicOf('restart')
    const forgetful = await connect(first, { keyPair, autoAck: false })
    await forgetful.request('irn_subscribe', { topic })
    const pushed = forgetful.nextDelivery(topic)
    await publisher.request('irn_publish', { topic, message: 'unacknowledged', ttl: 300 })
    await pushed
    await first.stop()
    await forgetful.closed
    // Published while no relay had the subscriber.
    await publisher.request('irn_publish', { topic, message: 'while it was down', ttl: 300 })

    const second = await relayOnRedis('restart')
    const back = await connect(second, { keyPair })
    const received: string[] = []
    const both = new Promise<void>((resolve) => {
      const take = () =>
        back.nextDelivery(topic).then(({ data }) => {
          received.push(data.message)
          if (received.length === 2) resolve()
          else void take()
        })
      void take()
    })
    await back.request('irn_batchSubscribe', { topics: [topic] })
    await both
    expect(received).toEqual(['unacknowledged', 'while it was down'])
    // A fresh publish after the restart still crosses from the other relay.
    const live = back.nextDelivery(topic)
    await publisher.request('irn_publish', { topic, message: 'after restart', ttl: 300 })
    expect((await live).data.message).toBe('after restart')
  })

  it('pages irn_batchFetchMessages by bytes from Redis, each message once', async () => {
    const [a, b] = [await relayOnRedis('fetch', { maxFetchBytes: 4000 }), await relayOnRedis('fetch', { maxFetchBytes: 4000 })]
    const publisher = await connect(a)
    const fetcher = await connect(b)
    const topic = topicOf('paged')
    // Published back to back on one socket, so several share a millisecond (and the expiry score of the topic index):
    // the pages must still come in publish order.
    const sent = Array.from({ length: 12 }, (_, i) => `${String(i).padStart(2, '0')}:${'r'.repeat(1500)}`)
    await Promise.all(sent.map((message) => publisher.request('irn_publish', { topic, message, ttl: 300 })))
    const received: string[] = []
    let pages = 0
    for (;;) {
      const { messages, hasMore } = (await fetcher.request('irn_batchFetchMessages', { topics: [topic, topic] })).result as {
        messages: { message: string }[]
        hasMore: boolean
      }
      pages++
      received.push(...messages.map((m) => m.message))
      if (!hasMore) break
      expect(pages).toBeLessThan(20)
    }
    expect(pages).toBeGreaterThan(1)
    expect(received.map((m) => m.slice(0, 3))).toEqual(sent.map((m) => m.slice(0, 3)))
    expect(received).toEqual(sent)
  })
})

describe('stack/relay scale-out with the real sign-client (dapp on relay A) and WalletKit (wallet on relay B)', () => {
  const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
  const CHAIN = 'eip155:31337'
  const prefix = `relay-redis-test-${process.pid}-${Date.now()}`
  let dapp: InstanceType<typeof SignClient>
  let wallet: InstanceType<typeof WalletKit>
  let walletCore: InstanceType<typeof Core>

  afterAll(async () => {
    for (const core of [dapp?.core, walletCore]) {
      if (!core) continue
      await core.relayer.transportClose().catch(() => {})
      core.heartbeat.stop()
    }
  })

  it('pairs, approves a session and carries a personal_sign request across two relays', async () => {
    const [a, b] = [await relayOnRedis('sign-client'), await relayOnRedis('sign-client')]
    dapp = await SignClient.init({
      projectId: 'portico-local',
      relayUrl: a.url,
      customStoragePrefix: `${prefix}-dapp`,
      storage: new MemoryStorage(),
      logger: 'silent',
      telemetryEnabled: false,
      metadata: { name: 'Portico test dapp', description: 'relay test', url: 'http://127.0.0.1', icons: [] },
    })
    walletCore = new Core({
      projectId: 'portico-local',
      relayUrl: b.url,
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
      const [message] = params.request.params as [Hex]
      const signature = await account.signMessage({ message: { raw: message } })
      await wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: signature } })
    })

    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['chainChanged'] } },
    })
    const proposal = nextEvent<{ id: number }>(wallet, 'session_proposal')
    await wallet.pair({ uri: uri! })
    const { id } = await proposal
    await wallet.approveSession({
      id,
      namespaces: {
        eip155: { chains: [CHAIN], accounts: [`${CHAIN}:${account.address}`], methods: ['personal_sign'], events: ['chainChanged'] },
      },
    })
    const session = await approval()
    const signature = await dapp.request<Hex>({
      topic: session.topic,
      chainId: CHAIN,
      request: { method: 'personal_sign', params: [toHex('across relays'), account.address] },
    })
    expect(await verifyMessage({ address: account.address, message: 'across relays', signature })).toBe(true)
    expect(a.stats()).toMatchObject({ connections: 1 })
    expect(b.stats()).toMatchObject({ connections: 1 })
  })
})
