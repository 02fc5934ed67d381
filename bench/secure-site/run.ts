/**
 * `npm run bench:secure-site [-- --seconds 6 --no-write]`: the embedded wallet's secure site (stack/secure-site)
 * through its HTTP API only, as the frame page calls it: email-code login (POST /api/email/connect, the code read
 * from the stack's mail sink over SMTP, POST /api/email/otp) and `personal_sign` (POST /api/rpc, approved), by N
 * simulated users at once, N rising. Each user loops: log in with a fresh email and device, then sign 4 messages.
 * Reports per concurrency the operations per second and the p50/p99 of each kind; "holds" is the highest throughput
 * whose p99 (both kinds) stays under 200 ms. Writes the table into BENCHMARKS.md between the bench:secure-site
 * markers. A measurement, not a test; loopback only.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Pool } from 'undici'
import { addressedTo, startMailSink, type MailMessage } from '../../stack/mail/index.ts'
import { cpuSecondsOfTree } from '../api/ramp.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const P99_LIMIT_MS = 200
const CONCURRENCY = [1, 2, 4, 8, 16, 32, 64]
const SIGNS_PER_LOGIN = 4
const PROJECT = 'bench-secure'
const HOST = 'http://localhost:5173'

const argv = process.argv.slice(2)
const seconds = Number(argv.includes('--seconds') ? argv[argv.indexOf('--seconds') + 1] : 6)
const write = !argv.includes('--no-write')

const mail = await startMailSink({ maxMessages: 5000 })
const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-secure-'))
const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    join(root, 'bench/secure-site/server.ts'),
    JSON.stringify({
      projectId: PROJECT,
      allowedOrigins: [HOST],
      smtp: { host: mail.smtpHost, port: mail.smtpPort, requireTLS: false },
      // personal_sign never reaches a chain; the URL is required and never called here.
      evmRpcUrls: { 31337: 'http://127.0.0.1:9' },
      dataDir,
      masterKey: randomBytes(32).toString('hex'),
      frameAssets: 'placeholder',
      // Every simulated user comes from 127.0.0.1: the per-IP budget (60 a minute on /api/email/*) is lifted, the
      // per-email one (one mail per 30 s) stays and is never hit (a fresh email per login).
      emailRateLimitPerMinute: 1_000_000,
    }),
  ],
  { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
)
const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
let output = ''
child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)))
const url = await new Promise<string>((resolve, reject) => {
  child.stdout!.on('data', (c: Buffer) => {
    output += c.toString()
    const m = /secure site ready (\S+)/.exec(output)
    if (m) resolve(m[1]!)
  })
  child.once('exit', (code) => reject(new Error(`secure site exited (${code}) before it was ready:\n${output}`)))
})
const pool = new Pool(url, { connections: 128, pipelining: 1 })

async function call(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<any> {
  const res = await pool.request({
    method,
    path,
    headers: {
      'x-portico-project-id': PROJECT,
      'x-portico-host-origin': HOST,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  const text = await res.body.text()
  if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 160)}`)
  return JSON.parse(text)
}

const codeOf = (m: MailMessage) => /\b(\d{6})\b/.exec(m.text)![1]!
/** A login's three waits, per level: the connect answer (the code mailed), the mail's arrival after it, the code answer. */
let phases = { connect: [] as number[], mail: [] as number[], otp: [] as number[] }

/** Email-code login: connect, the code from the mail sink, the code back. Returns the session and the address. */
async function login(n: number): Promise<{ token: string; address: string }> {
  const email = `bench-${n}-${randomBytes(4).toString('hex')}@example.com`
  const deviceId = randomBytes(12).toString('base64url')
  const t0 = performance.now()
  const connect = await call('POST', '/api/email/connect', { email, deviceId })
  if (connect.action !== 'VERIFY_OTP') throw new Error(`connect answered ${JSON.stringify(connect)}`)
  const t1 = performance.now()
  const m = await mail.waitFor((x) => addressedTo(x, email) && x.subject === 'Your Portico login code', 30_000)
  const t2 = performance.now()
  const session = await call('POST', '/api/email/otp', { email, otp: codeOf(m), deviceId })
  phases.connect.push(t1 - t0)
  phases.mail.push(t2 - t1)
  phases.otp.push(performance.now() - t2)
  const address = (session.user?.address ?? session.user?.accounts?.[0]?.address) as string | undefined
  if (!session.token || !address) throw new Error(`otp answered ${JSON.stringify(session).slice(0, 200)}`)
  return { token: session.token, address }
}

async function sign(token: string, address: string, k: number): Promise<void> {
  const message = `0x${Buffer.from(`Portico bench message ${k}`).toString('hex')}`
  const r = await call('POST', '/api/rpc', { method: 'personal_sign', params: [message, address], chainId: 31337, approved: true }, token)
  if (typeof r.result !== 'string' || !r.result.startsWith('0x')) throw new Error(`personal_sign answered ${JSON.stringify(r).slice(0, 200)}`)
}

interface Level {
  users: number
  logins: number[]
  signs: number[]
  errors: number
  firstError?: string
  seconds: number
  cpu: { site: number; client: number }
  phases: typeof phases
}

async function level(users: number): Promise<Level> {
  const logins: number[] = []
  const signs: number[] = []
  phases = { connect: [], mail: [], otp: [] }
  let errors = 0
  let firstError: string | undefined
  let n = 0
  const siteBefore = cpuSecondsOfTree(child.pid!)
  const clientBefore = process.cpuUsage()
  const t0 = performance.now()
  const until = t0 + seconds * 1000
  await Promise.all(
    Array.from({ length: users }, async () => {
      while (performance.now() < until) {
        try {
          let t = performance.now()
          const { token, address } = await login(n++)
          logins.push(performance.now() - t)
          for (let k = 0; k < SIGNS_PER_LOGIN; k++) {
            t = performance.now()
            await sign(token, address, k)
            signs.push(performance.now() - t)
          }
        } catch (error) {
          errors++
          firstError ??= (error as Error).message
        }
      }
    }),
  )
  const elapsed = (performance.now() - t0) / 1000
  const c = process.cpuUsage(clientBefore)
  return {
    users,
    logins,
    signs,
    errors,
    ...(firstError ? { firstError } : {}),
    seconds: elapsed,
    cpu: { site: (cpuSecondsOfTree(child.pid!) - siteBefore) / elapsed, client: (c.user + c.system) / 1e6 / elapsed },
    phases,
  }
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN
}
const load = loadavg()[0]!
const levels: Level[] = []
try {
  // A short warm-up (JIT, the store's first writes), not reported.
  await level(2)
  for (const users of CONCURRENCY) {
    const l = await level(users)
    levels.push(l)
    const ok = l.errors === 0 && pct(l.logins, 0.99) < P99_LIMIT_MS && pct(l.signs, 0.99) < P99_LIMIT_MS
    console.log(
      `${users} users: ${(l.logins.length / l.seconds).toFixed(1)} logins/s (p50 ${pct(l.logins, 0.5).toFixed(1)}, p99 ${pct(l.logins, 0.99).toFixed(1)} ms), ` +
        `(connect ${pct(l.phases.connect, 0.5).toFixed(1)}, mail ${pct(l.phases.mail, 0.5).toFixed(1)}, otp ${pct(l.phases.otp, 0.5).toFixed(1)}), ` +
        `${(l.signs.length / l.seconds).toFixed(1)} signs/s (p50 ${pct(l.signs, 0.5).toFixed(1)}, p99 ${pct(l.signs, 0.99).toFixed(1)} ms), errors ${l.errors}, ` +
        `CPU site ${Math.round(l.cpu.site * 100)}% client ${Math.round(l.cpu.client * 100)}%${l.firstError ? `; first error: ${l.firstError}` : ''}`,
    )
    if (!ok) break
  }
} finally {
  await pool.close()
  child.kill('SIGTERM')
  await exited
  await mail.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

const passing = levels.filter((l) => l.errors === 0 && pct(l.logins, 0.99) < P99_LIMIT_MS && pct(l.signs, 0.99) < P99_LIMIT_MS)
const best = passing[passing.length - 1]
const rows = levels.map((l) => {
  const ok = passing.includes(l)
  return `| ${l.users} | ${(l.logins.length / l.seconds).toFixed(1)} | ${pct(l.logins, 0.5).toFixed(1)} / ${ok ? '' : '**'}${pct(l.logins, 0.99).toFixed(1)}${ok ? '' : '**'} | ${pct(l.phases.connect, 0.5).toFixed(0)} / ${pct(l.phases.mail, 0.5).toFixed(0)} / ${pct(l.phases.otp, 0.5).toFixed(0)} | ${(l.signs.length / l.seconds).toFixed(1)} | ${pct(l.signs, 0.5).toFixed(1)} / ${ok ? '' : '**'}${pct(l.signs, 0.99).toFixed(1)}${ok ? '' : '**'} | ${l.errors}${l.firstError ? ` (${l.firstError.slice(0, 60)})` : ''} | ${Math.round(l.cpu.site * 100)}% | ${Math.round(l.cpu.client * 100)}% |`
})
const block = `<!-- bench:secure-site:start -->
Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:secure-site\` (${cpus().length} cores, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}; Node ${process.versions.node};
the secure site, the mail sink and the load client share them; 1-minute load average ${load.toFixed(1)} at the start, on a machine
shared with other work). ${seconds} s per level; each user logs in with a fresh email and device, then signs ${SIGNS_PER_LOGIN} messages.
**Holds: ${best ? `${((best.logins.length + best.signs.length) / best.seconds).toFixed(0)} operations/s (${(best.logins.length / best.seconds).toFixed(1)} logins/s + ${(best.signs.length / best.seconds).toFixed(1)} personal_sign/s) at ${best.users} users` : 'no level'}** with p99 under ${P99_LIMIT_MS} ms.

| users at once | logins/s | login p50 / p99 ms | login p50 parts: connect / mail arrival / code ms | personal_sign/s | sign p50 / p99 ms | errors | secure site CPU | client + mail sink CPU |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
<!-- bench:secure-site:end -->`
console.log(`\n${block}`)
if (write) {
  const file = join(root, 'BENCHMARKS.md')
  const current = readFileSync(file, 'utf8')
  if (!current.includes('<!-- bench:secure-site:start -->')) throw new Error('BENCHMARKS.md has no <!-- bench:secure-site:start --> marker')
  writeFileSync(file, current.replace(/<!-- bench:secure-site:start -->[\s\S]*?<!-- bench:secure-site:end -->/, block))
  console.log('written to BENCHMARKS.md')
}
