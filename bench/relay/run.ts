/**
 * `npm run bench:relay [-- --clients 1000 --rate 5000 --seconds 10 --bytes 256 --no-write]`: relay load on loopback,
 * one relay process and then two relay processes sharing a throwaway redis-server. Reports sent, delivered, lost,
 * duplicates and delivery latency, and writes them into BENCHMARKS.md between the bench:relay markers. A
 * measurement, not a test: bounded in clients, rate and time, and nothing but 127.0.0.1.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import { startLocalRedis } from '../../stack/relay/redis-server.ts'
import { cpuSecondsOf, runLoad, startRelayProcess, type LoadResult, type RelayProcess } from './load.ts'

const LIMITS = { clients: [2, 5000], rate: [1, 50_000], seconds: [1, 120], warmup: [0, 30], bytes: [24, 64 * 1024], reconnects: [0, 1000] } as const
type Flag = keyof typeof LIMITS

function parseFlags(argv: string[]): Record<Flag, number> & { write: boolean; only: 'single' | 'redis' | undefined } {
  const flags = { clients: 1000, rate: 5000, seconds: 20, warmup: 2, bytes: 256, reconnects: 10, write: true, only: undefined as 'single' | 'redis' | undefined }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--no-write') {
      flags.write = false
      continue
    }
    if (arg === '--only') {
      const only = argv[++i]
      if (only !== 'single' && only !== 'redis') throw new Error('bench:relay: --only takes single or redis')
      // A partial run is for looking, not for the record.
      flags.only = only
      flags.write = false
      continue
    }
    const name = arg.replace(/^--/, '') as Flag
    if (!(name in LIMITS)) throw new Error(`bench:relay: unknown flag ${arg} (--clients, --rate, --seconds, --warmup, --bytes, --reconnects, --no-write, --only single|redis)`)
    const value = Number(argv[++i])
    const [min, max] = LIMITS[name]
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`bench:relay: --${name} must be a whole number in [${min}, ${max}]`)
    flags[name] = value
  }
  return flags
}

interface Scenario {
  name: string
  result: LoadResult
  relayCpu: number[]
  clientCpu: number
  redisCpu?: number
  /** 1-minute load average when the scenario began (other work on the machine shows here). */
  load: number
}

async function scenario(name: string, relays: RelayProcess[], flags: ReturnType<typeof parseFlags>, seed: number, redisPid?: number): Promise<Scenario> {
  const load = loadavg()[0]!
  const cpuBefore = relays.map((relay) => relay.cpuSeconds())
  const redisBefore = redisPid === undefined ? 0 : cpuSecondsOf(redisPid)
  const clientBefore = process.cpuUsage()
  const result = await runLoad({ ...flags, warmupSeconds: flags.warmup, relays: relays.map((relay) => relay.url), seed, reconnects: flags.reconnects, reconnectGapMs: 1000 })
  // CPU over the whole run (connect, send, drain), as a share of one core over the sending time.
  const sending = flags.warmup + flags.seconds
  const relayCpu = relays.map((relay, i) => (relay.cpuSeconds() - cpuBefore[i]!) / sending)
  const clientUsage = process.cpuUsage(clientBefore)
  const clientCpu = (clientUsage.user + clientUsage.system) / 1e6 / sending
  const redisCpu = redisPid === undefined ? undefined : (cpuSecondsOf(redisPid) - redisBefore) / sending
  const { sent, delivered, lost, duplicates, latencyMs } = result
  console.log(
    `${name}: sent ${sent}, delivered ${delivered}, lost ${lost}, duplicates ${duplicates}, ` +
      `p50 ${latencyMs.p50.toFixed(2)} ms, p99 ${latencyMs.p99.toFixed(2)} ms, max ${latencyMs.max.toFixed(1)} ms, ` +
      `${result.achievedRate.toFixed(0)} msg/s, refused ${result.refused}, connect ${result.connectSeconds.toFixed(1)} s; ` +
      `${result.reconnect.clients} clients away 1 s: ${result.reconnect.recovered} of ${result.reconnect.missed} missed messages received after reconnecting (p50 ${result.reconnect.recoverMs.p50.toFixed(0)} ms after publish)`,
  )
  console.log(`${name}: p99 / max ms of the messages sent in each second (warm-up first): ${result.perSecond.map((s) => `${s.p99.toFixed(0)}/${s.max.toFixed(0)}`).join(' ')}`)
  return { name, result, relayCpu, clientCpu, load, ...(redisCpu !== undefined ? { redisCpu } : {}) }
}

/** `INFO commandstats` of the run's Redis, busiest first: what each publish costs it (the counters behind the row). */
async function commandStats(url: string): Promise<string> {
  const redis = new Redis(url, { lazyConnect: true })
  try {
    await redis.connect()
    const info = await redis.info('commandstats')
    const rows = [...info.matchAll(/^cmdstat_(\S+):calls=(\d+),usec=(\d+),usec_per_call=([\d.]+)/gm)].map((m) => ({ name: m[1]!, calls: Number(m[2]), usec: Number(m[3]), perCall: Number(m[4]) }))
    rows.sort((a, b) => b.usec - a.usec)
    return rows
      .slice(0, 12)
      .map((r) => `  ${r.name}: ${r.calls} calls, ${r.perCall} µs each, ${(r.usec / 1e6).toFixed(2)} s in all`)
      .join('\n')
  } finally {
    redis.disconnect()
  }
}

const flags = parseFlags(process.argv.slice(2))
const scenarios: Scenario[] = []
const started: { stop(): Promise<void> }[] = []
try {
  if (flags.only !== 'redis') {
    // One loopback address holds every client: the per-IP cap (on by default) is turned off for the load test.
    const single = await startRelayProcess(['--max-connections-per-ip', '0'])
    started.push(single)
    scenarios.push(await scenario('one relay (in-memory store)', [single], flags, 1))
    await single.stop()
  }
  if (flags.only !== 'single') {
    const redis = await startLocalRedis()
    started.push(redis)
    const pair = [await startRelayProcess(['--redis', redis.url, '--max-connections-per-ip', '0']), await startRelayProcess(['--redis', redis.url, '--max-connections-per-ip', '0'])]
    started.push(...pair)
    scenarios.push(await scenario('two relays over Redis', pair, flags, 2, redis.pid))
    console.log(`two relays over Redis: Redis commands over the run (calls, µs per call):\n${await commandStats(redis.url)}`)
  }
} finally {
  for (const process of started.reverse()) await process.stop().catch(() => {})
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–')
const percent = (share: number) => `${Math.round(share * 100)}%`
const rows = scenarios.map(({ name, result: r, relayCpu, clientCpu, redisCpu, load }) =>
  `| ${name} | ${r.sent} | ${r.delivered} | **${r.lost}** | ${r.duplicates} | ${ms(r.latencyMs.p50)} | **${ms(r.latencyMs.p99)}** | ${ms(r.latencyMs.max)} | ${r.achievedRate.toFixed(0)} | ${r.reconnect.recovered} of ${r.reconnect.missed} | ${relayCpu.map(percent).join(' + ')} | ${redisCpu === undefined ? '–' : percent(redisCpu)} | ${percent(clientCpu)} | ${load.toFixed(1)} |`,
)
const block = `<!-- bench:relay:start -->
Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:relay -- --clients ${flags.clients} --rate ${flags.rate} --seconds ${flags.seconds} --warmup ${flags.warmup} --bytes ${flags.bytes} --reconnects ${flags.reconnects}\`
(${cpus().length} cores, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}; Node ${process.versions.node}; relays, redis-server and the clients share them, on a machine shared with other work).
"Reconnect": ${flags.reconnects} clients drop their socket halfway through, stay away 1 s while the others keep publishing to them, and come
back with the same key on the next relay: messages published to them while away, received after they re-subscribed.

| setup | sent | delivered | lost | duplicates | p50 ms | p99 ms | max ms | msg/s | reconnect: received of missed | relay CPU | redis CPU | clients CPU | load before |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
<!-- bench:relay:end -->`
console.log(`\n${block}`)

if (flags.write) {
  const file = join(fileURLToPath(new URL('../..', import.meta.url)), 'BENCHMARKS.md')
  const current = readFileSync(file, 'utf8')
  if (!current.includes('<!-- bench:relay:start -->')) throw new Error('BENCHMARKS.md has no <!-- bench:relay:start --> marker')
  writeFileSync(file, current.replace(/<!-- bench:relay:start -->[\s\S]*?<!-- bench:relay:end -->/, block))
  console.log('written to BENCHMARKS.md')
}
