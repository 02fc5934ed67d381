import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'

/**
 * The relay load run: relay processes started from `stack/relay/main.ts` (each its own process, as deployed), and
 * in this process N authenticated raw-protocol clients, each subscribed to its own topic, publishing to a random
 * other client's topic at a combined target rate. Every message carries its sequence number and send time; the
 * receiver acknowledges it like sign-client does and records its latency (one clock: sender and receiver share
 * this process).
 */
export interface LoadOptions {
  clients: number
  /** Messages per second, all clients together. */
  rate: number
  seconds: number
  /**
   * Seconds sent at the same rate before the measured ones: their messages count for lost and duplicates, not for
   * latency (the relay and the clients are fresh processes; JIT and connection setup settle in the first second).
   */
  warmupSeconds: number
  /** Message size in characters (sign-client envelopes are a few hundred bytes of base64). */
  bytes: number
  /** Relay WebSocket URLs; client i connects to relays[i % relays.length]. */
  relays: string[]
  seed: number
  /**
   * Clients that drop their socket halfway through the measured seconds, stay away `reconnectGapMs` (others keep
   * publishing to them) and come back with the same key on the next relay, re-subscribing: what they missed must
   * arrive then. 0 for none.
   */
  reconnects?: number
  reconnectGapMs?: number
}

export interface LoadResult {
  sent: number
  /** Publishes the relay refused (a quota); not counted as sent. */
  refused: number
  delivered: number
  lost: number
  duplicates: number
  latencyMs: { p50: number; p99: number; max: number }
  /** p99 and max latency of the messages sent in each second of the run (warm-up included): where a tail comes from. */
  perSecond: { second: number; p99: number; max: number }[]
  achievedRate: number
  connectSeconds: number
  /** The reconnecting clients: how many, messages published to them while they were away, and how many of those arrived. */
  reconnect: { clients: number; missed: number; recovered: number; recoverMs: { p50: number; max: number } }
}

const root = fileURLToPath(new URL('../..', import.meta.url))
/** How long to wait for the last messages once sending stopped (a lost message is one still missing then). */
const DRAIN_DEADLINE_MS = 10_000
const CONNECT_CONCURRENCY = 25

function mulberry32(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface BenchClient {
  ws: WebSocket
  topic: string
  nextId: number
  index: number
  keyPair: ReturnType<typeof generateKeyPair>
  /** Away (socket dropped, not yet back): publishes nothing. */
  away: boolean
}

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const random = mulberry32(opts.seed)
  const runId = `${Date.now()}-${opts.seed}`
  const warmupMessages = Math.floor(opts.rate * opts.warmupSeconds)
  const sendTimes = new Float64Array(Math.ceil(opts.rate * (opts.warmupSeconds + opts.seconds)) + 16)
  const seen = new Uint8Array(sendTimes.length)
  const latencies: number[] = []
  /** 1 for a message published to a client while it was away (delivered on its re-subscribe, timed apart). */
  const missed = new Uint8Array(sendTimes.length)
  const recoverLatencies: number[] = []
  const bySecond: number[][] = []
  let delivered = 0
  let duplicates = 0
  let refused = 0
  const padding = 'x'.repeat(Math.max(0, opts.bytes - 24))

  const onMessage = (client: BenchClient) => (data: WebSocket.RawData) => {
    const text = String(data)
    // Publish answers are most frames and carry nothing to measure: only refusals are counted.
    if (!text.includes('"irn_subscription"')) {
      if (text.includes('"error"')) refused++
      return
    }
    const frame = JSON.parse(text) as { id: number; method?: string; params?: { data: { message: string } } }
    if (frame.method === 'irn_subscription') {
      client.ws.send(`{"id":${frame.id},"jsonrpc":"2.0","result":true}`)
      const message = frame.params!.data.message
      const seq = Number(message.slice(0, message.indexOf(':')))
      if (seen[seq]) {
        duplicates++
        return
      }
      seen[seq] = 1
      delivered++
      if (missed[seq]) recoverLatencies.push(performance.now() - sendTimes[seq]!)
      else {
        const latency = performance.now() - sendTimes[seq]!
        if (seq >= warmupMessages) latencies.push(latency)
        ;(bySecond[Math.floor(seq / opts.rate)] ??= []).push(latency)
      }
    }
  }

  async function open(relayUrl: string, i: number, keyPair: ReturnType<typeof generateKeyPair>): Promise<WebSocket> {
    const jwt = await signJWT(`bench-${i}`, relayUrl, 3600, keyPair)
    const ws = new WebSocket(`${relayUrl}/?auth=${jwt}&projectId=bench`, { perMessageDeflate: false, skipUTF8Validation: true })
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    return ws
  }

  /** Drops client `client`'s socket, waits, and comes back with the same key on the next relay, re-subscribing. */
  async function dropAndReturn(client: BenchClient): Promise<void> {
    client.away = true
    await new Promise<void>((resolve) => {
      client.ws.once('close', () => resolve())
      client.ws.close()
    })
    await new Promise((resolve) => setTimeout(resolve, opts.reconnectGapMs ?? 1000))
    const ws = await open(opts.relays[(client.index + 1) % opts.relays.length]!, client.index, client.keyPair)
    client.ws = ws
    ws.on('message', onMessage(client))
    ws.send(JSON.stringify({ id: client.nextId++, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: client.topic } }))
    client.away = false
  }

  // Connect: each client its own key pair (client id) and topic, spread over the relays.
  const connectStarted = performance.now()
  const clients: BenchClient[] = new Array(opts.clients)
  for (let start = 0; start < opts.clients; start += CONNECT_CONCURRENCY) {
    await Promise.all(
      Array.from({ length: Math.min(CONNECT_CONCURRENCY, opts.clients - start) }, async (_, k) => {
        const i = start + k
        const keyPair = generateKeyPair()
        const ws = await open(opts.relays[i % opts.relays.length]!, i, keyPair)
        const client: BenchClient = { ws, topic: createHash('sha256').update(`${runId}-${i}`).digest('hex'), nextId: 1, index: i, keyPair, away: false }
        clients[i] = client
        const subscribed = new Promise<void>((resolve) => ws.once('message', () => resolve()))
        ws.send(JSON.stringify({ id: client.nextId++, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: client.topic } }))
        await subscribed
        ws.on('message', onMessage(client))
      }),
    )
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000

  // Send: every tick, as many messages as the target rate says are due; senders take turns.
  const total = warmupMessages + Math.floor(opts.rate * opts.seconds)
  let sent = 0
  let sender = 0
  const sendStarted = performance.now()
  // Halfway through the measured seconds, some clients (spread over the set) drop and come back.
  const returning: Promise<void>[] = []
  const reconnecting = Math.min(opts.reconnects ?? 0, Math.floor(opts.clients / 4))
  const dropTimer = setTimeout(() => {
    for (let k = 0; k < reconnecting; k++) returning.push(dropAndReturn(clients[Math.floor((k * opts.clients) / reconnecting)]!))
  }, (opts.warmupSeconds + opts.seconds / 2) * 1000)
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - sendStarted) / 1000) * opts.rate))
      while (sent < due) {
        const fromIndex = sender
        const from = clients[fromIndex]!
        sender = (sender + 1) % clients.length
        if (from.away) continue
        let to = Math.floor(random() * (clients.length - 1))
        if (to >= fromIndex) to++
        const seq = sent++
        const message = `${seq}:${padding}`
        sendTimes[seq] = performance.now()
        if (clients[to]!.away) missed[seq] = 1
        from.ws.send(
          `{"id":${from.nextId++},"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${clients[to]!.topic}","message":"${message}","ttl":300,"tag":1108}}`,
        )
      }
      if (sent >= total) resolve()
      else setTimeout(tick, 2)
    }
    tick()
  })
  const sendSeconds = (performance.now() - sendStarted) / 1000
  clearTimeout(dropTimer)
  await Promise.all(returning)

  // Drain: wait for the stragglers, up to the deadline.
  const drainStarted = performance.now()
  while (delivered + refused < sent && performance.now() - drainStarted < DRAIN_DEADLINE_MS) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  await Promise.all(
    clients.map(
      (client) =>
        new Promise<void>((resolve) => {
          if (client.ws.readyState === WebSocket.CLOSED) return resolve()
          client.ws.once('close', () => resolve())
          client.ws.close()
        }),
    ),
  )

  latencies.sort((a, b) => a - b)
  recoverLatencies.sort((a, b) => a - b)
  let missedCount = 0
  for (let seq = 0; seq < sent; seq++) missedCount += missed[seq]!
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN
  const accepted = sent - refused
  const perSecond = [...bySecond.entries()].flatMap(([second, list]) => {
    if (!list) return []
    list.sort((a, b) => a - b)
    return [{ second, p99: list[Math.min(list.length - 1, Math.floor(0.99 * list.length))] ?? NaN, max: list[list.length - 1] ?? NaN }]
  })
  return {
    sent: accepted,
    refused,
    delivered,
    lost: accepted - delivered,
    duplicates,
    latencyMs: { p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1] ?? NaN },
    perSecond,
    achievedRate: sent / sendSeconds,
    connectSeconds,
    reconnect: {
      clients: returning.length,
      missed: missedCount,
      recovered: recoverLatencies.length,
      recoverMs: { p50: recoverLatencies[Math.floor(recoverLatencies.length / 2)] ?? NaN, max: recoverLatencies[recoverLatencies.length - 1] ?? NaN },
    },
  }
}

/** A relay process (`stack/relay/main.ts` under tsx), as `npm run stack:relay` starts it. */
export interface RelayProcess {
  url: string
  pid: number
  /** CPU seconds (user + system) the process used so far. */
  cpuSeconds(): number
  stop(): Promise<void>
}

export function startRelayProcess(flags: string[]): Promise<RelayProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'stack/relay/main.ts'), '--port', '0', ...flags], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /relay ready (ws:\/\/\S+)/.exec(output)
      if (!match) return
      child.stdout!.off('data', onData)
      child.stdout!.resume()
      resolve({ url: match[1]!, pid: child.pid!, cpuSeconds: () => cpuSecondsOf(child.pid!), stop: () => stopChild(child, exited) })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`relay exited (${code}) before it was ready:\n${output.slice(-2000)}`)))
  })
}

/** CPU seconds (user + system) process `pid` used so far (Linux /proc), NaN elsewhere. */
export function cpuSecondsOf(pid: number): number {
  try {
    // /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks (100 per second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return NaN
  }
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  await exited
}
