/**
 * Issue 27 item 4: the stack deployed as a self-hoster deploys it. `npm pack` of portico and of the stack package
 * (stack/package.json), installed into a fresh folder with npm; `portico-stack --config` started there in production
 * mode with this suite's own PostgreSQL (initdb/pg_ctl in a temp dir) and Redis, the operator's SMTP server (an
 * smtp-server with STARTTLS and AUTH, as production requires), and public https URLs on hostnames other than
 * 127.0.0.1 (`*.portico.test`, mapped to loopback by this test's own DNS lookup, never /etc/hosts) behind a
 * TLS-terminating reverse proxy that sets X-Forwarded-For. Then an email login end to end through the proxy: by the
 * HTTP API, and in Chromium (`--host-resolver-rules` maps the names) from a host page on https://app.portico.test
 * that frames the secure site and speaks the frame protocol.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type Server as HttpServer } from 'node:http'
import { createServer as createHttpsServer, request as httpsRequest, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import pg from 'pg'
import { chromium, type Browser } from 'playwright-core'
import { launchFirstChromium } from '../../testing/browser.ts'
import { CHROMIUM_ARGS } from './browser.ts'
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../stack/api/test-postgres.ts'
import { startLocalRedis, type LocalRedis } from '../../stack/relay/redis-server.ts'
import { sharedTarball } from '../package/shared-pack.ts'
import { packStack, stageSources } from './packed-app.ts'

const PROJECT = 'prod-test-project'
const SMTP_USER = 'portico-mailer'

/** The test's DNS: every *.portico.test name is this machine (what a real deployment's DNS does for its names). */
const lookup = (host: string, options: { all?: boolean }, cb: (e: Error | null, address: string | Array<{ address: string; family: number }>, family?: number) => void) => {
  if (host !== 'portico.test' && !host.endsWith('.portico.test')) return cb(new Error(`unexpected host ${host}`), '')
  if (options?.all) cb(null, [{ address: '127.0.0.1', family: 4 }])
  else cb(null, '127.0.0.1', 4)
}

let work: string
let postgres: ThrowawayPostgres
let redis: LocalRedis
let smtp: SMTPServer
let proxy: Server
let stack: ChildProcess | undefined
let cert: string
let proxyPort = 0
let APP_ORIGIN = ''
let appServer: HttpServer
let browser: Browser | undefined
const routes = new Map<string, number>()
const mails: Array<{ to: string; subject: string; text: string; secure: boolean; user?: string }> = []
let output = ''

/** A request through the proxy to https://<name>.portico.test:<port>, trusting the deployment's certificate. */
function call(method: string, url: string, o: { headers?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; headers: IncomingMessage['headers']; text: string; json: any }> {
  return new Promise((resolve, reject) => {
    const body = o.body === undefined ? undefined : JSON.stringify(o.body)
    const req = httpsRequest(
      url,
      { method, ca: cert, lookup: lookup as never, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...o.headers } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d) => (text += d))
        res.on('end', () => {
          let json: unknown
          try {
            json = JSON.parse(text)
          } catch {
            json = undefined
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'portico-production-stack-'))
  // The artefacts: portico and the stack, packed and installed as a self-hoster installs them.
  const porticoTgz = await sharedTarball(work)
  stageSources(work)
  const stackTgz = packStack(work)
  const app = join(work, 'deploy')
  mkdirSync(app)
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'deploy', private: true, type: 'module', dependencies: { portico: `file:${porticoTgz}`, 'portico-stack': `file:${stackTgz}` } }))
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS' && k !== 'TEST' && k !== 'NODE_ENV'))
  const install = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app, encoding: 'utf8', env })
  if (install.status !== 0) throw new Error(`npm install failed:\n${install.stdout}${install.stderr}`)

  // The operator's infrastructure: PostgreSQL, Redis, an SMTP server with STARTTLS and AUTH, a certificate for
  // *.portico.test and a reverse proxy terminating TLS.
  ;[postgres, redis] = await Promise.all([startThrowawayPostgres(), startLocalRedis()])
  const keyFile = join(work, 'key.pem')
  const certFile = join(work, 'cert.pem')
  const ssl = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=portico.test', '-addext', 'subjectAltName=DNS:portico.test,DNS:*.portico.test,IP:127.0.0.1', '-keyout', keyFile, '-out', certFile], { encoding: 'utf8' })
  if (ssl.status !== 0) throw new Error(`openssl failed: ${ssl.stderr}`)
  cert = readFileSync(certFile, 'utf8')
  const key = readFileSync(keyFile, 'utf8')
  const smtpPass = randomBytes(12).toString('hex')
  smtp = new SMTPServer({
    key,
    cert,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, cb) {
      if (auth.username === SMTP_USER && auth.password === smtpPass) cb(null, { user: SMTP_USER })
      else cb(new Error('Invalid username or password'))
    },
    onData(stream, session, cb) {
      simpleParser(stream).then(
        (m) => {
          const to = [m.to].flat().flatMap((a) => a?.value.map((v) => v.address ?? '') ?? []).join(',')
          mails.push({ to, subject: m.subject ?? '', text: m.text ?? '', secure: session.secure, user: session.user as string | undefined })
          cb()
        },
        (e: Error) => cb(e),
      )
    },
  })
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()))
  const smtpPort = (smtp.server.address() as AddressInfo).port

  proxy = createHttpsServer({ key, cert }, (req, res) => {
    const name = (req.headers.host ?? '').split('.')[0]!
    const port = routes.get(name)
    if (!port) return void res.writeHead(502).end('no such service')
    // Overwrites X-Forwarded-For with the client's address, as docs/SELF-HOSTING.md asks of a proxy.
    const upstream = httpRequest(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-proto': 'https' } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers)
        up.pipe(res)
      },
    )
    upstream.on('error', () => res.writeHead(502).end())
    req.pipe(upstream)
  })
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()))
  proxyPort = (proxy.address() as AddressInfo).port
  APP_ORIGIN = `https://app.portico.test:${proxyPort}`
  // The app that embeds the wallet: a page that frames the secure site and speaks the frame protocol to it.
  const secureOrigin = `https://secure.portico.test:${proxyPort}`
  const hostPage = `<!doctype html><html lang="en"><title>App</title><body>
<iframe id="f" title="Portico secure frame" src="${secureOrigin}/frame?projectId=${PROJECT}&origin=${encodeURIComponent(APP_ORIGIN)}"></iframe>
<script>
const SECURE = ${JSON.stringify(secureOrigin)}
const frame = document.getElementById('f')
const waiting = new Map()
window.frameReady = false
addEventListener('message', (e) => {
  if (e.origin !== SECURE || e.source !== frame.contentWindow || !e.data) return
  if (e.data.type === 'FRAME_READY') window.frameReady = true
  else if (waiting.has(e.data.id)) { waiting.get(e.data.id)(e.data); waiting.delete(e.data.id) }
})
window.ask = (type, payload) => new Promise((resolve) => {
  const id = crypto.randomUUID()
  waiting.set(id, resolve)
  frame.contentWindow.postMessage({ type, id, payload }, SECURE)
})
</script></body></html>`
  appServer = createHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage))
  await new Promise<void>((r) => appServer.listen(0, '127.0.0.1', () => r()))
  routes.set('app', (appServer.address() as AddressInfo).port)

  const config = {
    production: true,
    trustProxy: 1,
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    services: {
      relay: {},
      api: {
        publicUrl: `https://api.portico.test:${proxyPort}`,
        allowedOrigins: [APP_ORIGIN],
        projectIds: [PROJECT],
        adminToken: 'env:PORTICO_TEST_ADMIN_TOKEN',
        onrampProviderPage: false,
      },
      secureSite: {
        publicUrl: `https://secure.portico.test:${proxyPort}`,
        projectIds: [PROJECT],
        dataDir: join(work, 'secure-site-data'),
        masterKey: 'env:PORTICO_TEST_MASTER_KEY',
        smtp: { host: '127.0.0.1', port: smtpPort, user: SMTP_USER, pass: 'env:PORTICO_TEST_SMTP_PASS', ca: cert, from: 'Portico <login@portico.test>' },
        evmRpcUrls: { '1': 'https://rpc.portico.test' },
      },
    },
  }
  const configFile = join(app, 'portico-stack.json')
  writeFileSync(configFile, JSON.stringify(config, null, 2))
  const secrets = { PORTICO_TEST_ADMIN_TOKEN: randomBytes(24).toString('hex'), PORTICO_TEST_MASTER_KEY: randomBytes(32).toString('hex'), PORTICO_TEST_SMTP_PASS: smtpPass }
  // The deployment's command, from the installed package, in production mode.
  stack = spawn(join(app, 'node_modules/.bin/portico-stack'), ['--config', configFile], { cwd: app, env: { ...env, ...secrets, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] })
  stack.stdout!.on('data', (d) => (output += d))
  stack.stderr!.on('data', (d) => (output += d))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portico-stack did not start:\n${output}`)), 120_000)
    const check = () => {
      if (/portico-stack ready \(production mode\)/.test(output)) {
        clearTimeout(timer)
        resolve()
      }
    }
    stack!.stdout!.on('data', check)
    stack!.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`portico-stack exited ${code}:\n${output}`))
    })
  })
  for (const [name, line] of [['api', /api ready \S+ \(listening on http:\/\/127\.0\.0\.1:(\d+)\)/], ['secure', /secure site ready \S+ \(listening on http:\/\/127\.0\.0\.1:(\d+)\)/]] as const) {
    routes.set(name, Number(line.exec(output)![1]))
  }
}, 600_000)

afterAll(async () => {
  if (stack && stack.exitCode === null) {
    const exited = new Promise((r) => stack!.once('exit', r))
    stack.kill('SIGTERM')
    await exited
  }
  await browser?.close()
  await Promise.allSettled([new Promise((r) => (appServer ? appServer.close(() => r(undefined)) : r(undefined))), postgres?.stop(), redis?.stop(), new Promise((r) => (smtp ? smtp.close(() => r(undefined)) : r(undefined))), new Promise((r) => (proxy ? proxy.close(() => r(undefined)) : r(undefined)))])
  if (work) rmSync(work, { recursive: true, force: true })
}, 60_000)

describe('the stack in production mode, from its package, behind a proxy on *.portico.test', () => {
  it('started the relay, the API and the secure site on their public URLs, with PostgreSQL and Redis', async () => {
    expect(output).toMatch(new RegExp(`secure site ready https://secure\\.portico\\.test:${proxyPort} `))
    expect(output).toMatch(new RegExp(`api ready https://api\\.portico\\.test:${proxyPort} `))
    expect(output).toMatch(/relay ready ws:\/\//)
    // The API's tables are in the operator's PostgreSQL, not in a PGlite directory.
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    try {
      const { rows } = await client.query("select table_name from information_schema.tables where table_schema = 'public' and table_name = 'wallets'")
      expect(rows).toEqual([{ table_name: 'wallets' }])
    } finally {
      await client.end()
    }
    // The API answers through the proxy with the allowlist of the configuration.
    const origins = await call('GET', `https://api.portico.test:${proxyPort}/projects/v1/origins?projectId=${PROJECT}&st=t&sv=t`)
    expect(origins.status).toBe(200)
    expect(origins.json.allowedOrigins).toEqual([APP_ORIGIN])
    // The on-ramp provider page that pays from the dev key is off.
    const providerPage = await call('GET', `https://api.portico.test:${proxyPort}/onramp-provider/x`)
    expect(providerPage.status).toBe(404)
    expect(providerPage.text).not.toContain('Order not found')
  })

  it('an email login end to end: the frame page, the code through the operator\'s SMTP over TLS, a session issued by the public URL', async () => {
    const secure = `https://secure.portico.test:${proxyPort}`
    const frame = await call('GET', `${secure}/frame?projectId=${PROJECT}&origin=${encodeURIComponent(APP_ORIGIN)}`)
    expect(frame.status).toBe(200)
    expect(frame.headers['content-security-policy']).toContain(`frame-ancestors ${APP_ORIGIN}`)
    const headers = { origin: secure, 'sec-fetch-site': 'same-origin', 'x-portico-project-id': PROJECT, 'x-portico-host-origin': APP_ORIGIN }
    const email = `owner-${Date.now()}@portico.test`
    const deviceId = randomBytes(16).toString('base64url')
    const connect = await call('POST', `${secure}/api/email/connect`, { headers, body: { email, deviceId } })
    expect(connect.status).toBe(200)
    expect(connect.json).toEqual({ action: 'VERIFY_OTP' })
    await expect.poll(() => mails.some((m) => m.to === email), { timeout: 30_000 }).toBe(true)
    const mail = mails.find((m) => m.to === email)!
    // Through STARTTLS and SMTP AUTH with the configured account.
    expect([mail.secure, mail.user, mail.subject]).toEqual([true, SMTP_USER, 'Your Portico login code'])
    const otp = /\b(\d{6})\b/.exec(mail.text)![1]!
    const login = await call('POST', `${secure}/api/email/otp`, { headers, body: { email, otp, deviceId } })
    expect(login.status).toBe(200)
    const claims = JSON.parse(Buffer.from((login.json.token as string).split('.')[1]!, 'base64url').toString())
    expect(claims.iss).toBe(secure)
    expect(claims.aud).toBe(PROJECT)
    const user = await call('GET', `${secure}/api/user`, { headers: { ...headers, authorization: `Bearer ${login.json.token}` } })
    expect(user.status).toBe(200)
    expect(user.json.email).toBe(email)
    expect(user.json.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The Origin check is the public URL's: the address it listens on is not this site's origin.
    const local = await call('POST', `${secure}/api/email/connect`, { headers: { ...headers, origin: `http://127.0.0.1:${routes.get('secure')}` }, body: { email, deviceId } })
    expect(local.status).toBe(403)
  })

  it('in Chromium: the host page on https://app.portico.test frames the secure site and logs in by email', async () => {
    browser = await launchFirstChromium((executablePath, env) =>
      chromium.launch({
        executablePath,
        // The public names resolve to this machine in the browser only; the proxy's certificate is this test's own.
        args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.portico.test 127.0.0.1', '--ignore-certificate-errors'],
        ...(env ? { env: { ...process.env, ...env } as Record<string, string> } : {}),
      }),
    )
    const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage()
    await page.goto(`${APP_ORIGIN}/`)
    await page.waitForFunction(() => (window as unknown as { frameReady: boolean }).frameReady, null, { timeout: 30_000 })
    const ask = (type: string, payload: unknown) =>
      page.evaluate(([t, p]) => (window as unknown as { ask(t: unknown, p: unknown): Promise<{ type: string; payload: any }> }).ask(t, p), [type, payload] as const)
    const email = `browser-${Date.now()}@portico.test`
    const connect = await ask('CONNECT_EMAIL', { email })
    expect(connect).toMatchObject({ type: 'CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
    await expect.poll(() => mails.some((m) => m.to === email), { timeout: 30_000 }).toBe(true)
    const otp = /\b(\d{6})\b/.exec(mails.find((m) => m.to === email)!.text)![1]!
    const login = await ask('CONNECT_OTP', { otp })
    expect(login.type).toBe('CONNECT_OTP_SUCCESS')
    expect(login.payload.user.email).toBe(email)
    expect(login.payload.user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  }, 120_000)
})
