/**
 * `npm run bench:api [-- --only pglite|postgres --seconds 4 --no-write --profile]`: the API server (stack/api) under
 * open-loop load at rising rates, on PGlite (the embedded default) and on a throwaway PostgreSQL cluster, with two
 * dev chains (anvil) behind the balance and quote paths. For each path and for a realistic mix it reports the
 * highest rate whose p99 stays under 50 ms with no error, with the CPU each process used, and writes the table into
 * BENCHMARKS.md between the bench:api markers. A measurement, not a test; loopback only.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Pool } from 'undici'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { startDevChains } from '../../stack/chain/index.ts'
import { startThrowawayPostgres } from '../../stack/api/test-postgres.ts'
import { ramp, rampRows, type RampResult } from './ramp.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const P99_LIMIT_MS = 50
const RATES = [100, 250, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000]
const SIGN_IN_RATES = [25, 50, 100, 150, 200, 300, 400, 600, 800]

const argv = process.argv.slice(2)
const flag = (name: string) => argv.includes(`--${name}`)
const value = (name: string) => {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? argv[i + 1] : undefined
}
const only = value('only')
if (only !== undefined && only !== 'pglite' && only !== 'postgres') throw new Error('bench:api: --only takes pglite or postgres')
const seconds = Number(value('seconds') ?? 4)
const warmupSeconds = 1
const scenariosWanted = value('scenarios')?.split(',')
const write = !flag('no-write') && only === undefined && scenariosWanted === undefined
const profileDir = flag('profile') ? mkdtempSync(join(tmpdir(), 'portico-api-prof-')) : undefined

/** The API server as its own process (bench/api/server.ts over the public factory). */
async function startServer(options: object): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), join(root, 'bench/api/server.ts'), JSON.stringify(options)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let output = ''
  child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)))
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      output += c.toString()
      const m = /api ready (\S+)/.exec(output)
      if (m) resolve(m[1]!)
    })
    child.once('exit', (code) => reject(new Error(`api server exited (${code}) before it was ready:\n${output}`)))
  })
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

/** Children of this process named `name` (the anvil chains startDevChains spawned), for their CPU figures. */
function childPids(name: string): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .flatMap((e) => {
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8')
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
        return ppid === process.pid && comm.includes(name) ? [Number(e)] : []
      } catch {
        return []
      }
    })
}

/** A SIWE (EIP-4361) message, as the siwx plugin writes it for the demo page. */
function siweMessage(address: string, nonce: string, issuedAt: string): string {
  return [
    'localhost:5173 wants you to sign in with your Ethereum account:',
    address,
    '',
    'Sign in to the Portico demo',
    '',
    'URI: http://localhost:5173/',
    'Version: 1',
    'Chain ID: 31337',
    `Nonce: ${nonce}`,
    `Issued At: ${issuedAt}`,
  ].join('\n')
}

interface BackendRun {
  backend: string
  results: RampResult[]
}

async function runBackend(backend: 'pglite' | 'postgres'): Promise<BackendRun> {
  console.log(`\n${backend}:`)
  const stops: (() => Promise<void>)[] = []
  try {
    const chains = await startDevChains({})
    stops.push(() => chains.stop())
    let storage: object
    const watch: Record<string, number> = {}
    if (backend === 'postgres') {
      const pg = await startThrowawayPostgres()
      stops.push(() => pg.stop())
      storage = { databaseUrl: pg.url }
      watch.postgres = pg.pid
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'portico-bench-api-'))
      stops.push(async () => rmSync(dir, { recursive: true, force: true }))
      storage = { dataDir: dir }
    }
    const server = await startServer({
      ...storage,
      deployment: chains.deployment,
      // Each simulated user has its own address (X-Forwarded-For below), as behind a reverse proxy.
      trustProxy: true,
      // Ingest is measured for one busy project: the per-project budget (1,200 a minute by default) would cap it
      // at 20 events/s. The per-client budget stays as shipped.
      eventRateLimit: { perProject: 100_000_000 },
      adminToken: 'bench-admin-token-0123456789abcdef',
    })
    stops.unshift(() => server.stop())
    watch.api = server.pid
    childPids('anvil').forEach((pid, i) => (watch[`anvil${i + 1}`] = pid))

    const origin = new URL(server.url)
    const pool = new Pool(origin.origin, { connections: 64, pipelining: 1, keepAliveTimeout: 30_000 })
    stops.unshift(() => pool.close())
    const q = 'projectId=bench&st=appkit&sv=portico-bench'
    const accounts = chains.deployment.accounts.slice(0, 10)
    const chain = chains.deployment.chains[31337]!
    const contracts = chain.contracts as unknown as Record<string, string>
    const ipOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`

    const request = async (method: 'GET' | 'POST', path: string, i: number, body?: unknown): Promise<any> => {
      const res = await pool.request({
        method,
        path,
        headers: { 'x-forwarded-for': ipOf(i), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      })
      const text = await res.body.text()
      if (res.statusCode >= 300) throw new Error(`${method} ${path.split('?')[0]}: ${res.statusCode} ${text.slice(0, 120)}`)
      return text ? JSON.parse(text) : undefined
    }
    const paths = {
      // The modal's first page of the registry, and the next pages as the user scrolls.
      registry: (i: number) => request('GET', `/getWallets?${q}&page=${1 + (i % 3)}&entries=40`, i),
      balance: (i: number) => request('GET', `/v1/account/${accounts[i % accounts.length]}/balance?${q}&currency=usd&chainId=eip155:31337`, i),
      history: (i: number) => request('GET', `/v1/account/${accounts[i % accounts.length]}/history?${q}&chainId=eip155:31337`, i),
      // The first page again, asked as "older than" a different far-future time each time: the same rows from the
      // database, never a page the server has kept (on PGlite it keeps pages until the indexer writes).
      historyUncached: (i: number) => {
        const cursor = Buffer.from(JSON.stringify([Number.MAX_SAFE_INTEGER - i, 2 ** 31 - 1, 0, 0])).toString('base64url')
        return request('GET', `/v1/account/${accounts[i % accounts.length]}/history?${q}&chainId=eip155:31337&cursor=${cursor}`, i)
      },
      quote: (i: number) => {
        const user = `eip155:31337:${accounts[i % accounts.length]}`
        const pairs = [
          [`eip155:31337:${contracts.usdc6}`, `eip155:31337:${contracts.dai18}`, '10000000'],
          ['eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', `eip155:31337:${contracts.usdc6}`, '1000000000000000000'],
        ] as const
        const [from, to, amount] = pairs[i % 2]!
        return request('GET', `/v1/convert/quotes?${q}&amount=${amount}&userAddress=${user}&from=${from}&to=${to}`, i)
      },
    }
    // What a page load and an open account view ask for, per 20 requests: 8 registry pages, 5 balances,
    // 4 history pages, 3 swap quotes.
    const MIX: (keyof typeof paths)[] = [
      ...Array<'registry'>(8).fill('registry'),
      ...Array<'balance'>(5).fill('balance'),
      ...Array<'history'>(4).fill('history'),
      ...Array<'quote'>(3).fill('quote'),
    ]
    const signers: PrivateKeyAccount[] = Array.from({ length: 16 }, (_, k) => privateKeyToAccount(`0x${(k + 1).toString(16).padStart(64, '0')}`))
    const scenarios: Record<string, { rates: number[]; op: (i: number) => Promise<void> }> = {
      'read mix': { rates: RATES, op: (i) => paths[MIX[i % MIX.length]!](i) },
      'registry /getWallets': { rates: RATES, op: (i) => paths.registry(i) },
      'balance': { rates: RATES, op: (i) => paths.balance(i) },
      'history': { rates: RATES, op: (i) => paths.history(i) },
      'history, every page read from the database': { rates: RATES, op: (i) => paths.historyUncached(i) },
      'convert quote': { rates: RATES, op: (i) => paths.quote(i) },
      'sign-in (nonce + verify, client signs)': {
        rates: SIGN_IN_RATES,
        op: async (i) => {
          const { nonce } = (await request('GET', `/auth/v1/nonce?${q}`, i)) as { nonce: string }
          const signer = signers[i % signers.length]!
          const message = siweMessage(signer.address, nonce, new Date().toISOString())
          const signature = await signer.signMessage({ message })
          const answer = (await request('POST', `/auth/v1/authenticate?${q}`, i, { message, signature })) as { token?: string }
          if (!answer.token) throw new Error('sign-in answered no token')
        },
      },
      'analytics ingest POST /e': {
        rates: RATES,
        op: (i) =>
          request('POST', `/e?${q}`, i, {
            eventId: randomUUID(),
            url: 'http://localhost:5173/',
            domain: 'localhost:5173',
            timestamp: Date.now(),
            props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
          }),
      },
    }
    const results: RampResult[] = []
    for (const [name, s] of Object.entries(scenarios)) {
      if (scenariosWanted && !scenariosWanted.some((w) => name.startsWith(w))) continue
      results.push(await ramp({ name, rates: s.rates, seconds, warmupSeconds, p99LimitMs: P99_LIMIT_MS, op: s.op, watch }))
    }
    return { backend, results }
  } finally {
    for (const stop of stops) await stop().catch((error: Error) => console.error(`stopping: ${error.message}`))
  }
}

const load = loadavg()[0]!
const runs: BackendRun[] = []
for (const backend of ['pglite', 'postgres'] as const) {
  if (only === undefined || only === backend) runs.push(await runBackend(backend))
}
if (profileDir) console.log(`\nCPU profiles of the API server: ${profileDir} (open in Chrome DevTools or speedscope)`)

const block = `<!-- bench:api:start -->
Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:api\` (${cpus().length} cores, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}; Node ${process.versions.node};
the API server, PostgreSQL, two anvil chains and the load client share them; 1-minute load average ${load.toFixed(1)} at the start,
on a machine shared with other work). Each step: ${warmupSeconds} s warm-up then ${seconds} s measured, open loop, latency from the
moment each request was due; a step passes with p99 under ${P99_LIMIT_MS} ms and no error.

| path | backend | holds (req/s) | highest passing step | first failing step above it |
|---|---|---|---|---|
${runs.flatMap((run) => rampRows(run.results, (r) => `${r.name} | ${run.backend}`)).join('\n')}
<!-- bench:api:end -->`
console.log(`\n${block}`)
if (write) {
  const file = join(root, 'BENCHMARKS.md')
  const current = readFileSync(file, 'utf8')
  if (!current.includes('<!-- bench:api:start -->')) throw new Error('BENCHMARKS.md has no <!-- bench:api:start --> marker')
  writeFileSync(file, current.replace(/<!-- bench:api:start -->[\s\S]*?<!-- bench:api:end -->/, block))
  console.log('written to BENCHMARKS.md')
}
