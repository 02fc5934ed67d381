/**
 * `npm run demo` as a newcomer runs it: the real command in a child process on its fixed ports. Every service line it
 * prints is waited for and its URL answered once; the demo host opens in Chromium and its modal shows the email field
 * and the social buttons (issue 13 acceptance); SIGTERM to the process group stops everything and frees the ports.
 *
 * The demo's ports are fixed (a newcomer's stable URLs). When one is taken on 127.0.0.1 the test fails naming it,
 * rather than skipping: stop whatever holds it (often a demo left running) and run again.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { launchChromium } from './browser.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The ports demo/run.ts and stack/local-chains.ts fix: EVM chains 8545 and 8546, Solana 8899 (+ PubSub 8900), bitcoin
 * 3002, cosmos 26657, polkadot 9944, relay 8787, API 8788, bundler 4337, Farcaster relay 8789, OIDC 8790, secure site
 * 8791, mail HTTP 8792 and SMTP 2525, demo host 5173, demo wallet 5174.
 */
const DEMO_PORTS = [8545, 8546, 8899, 8900, 3002, 26657, 9944, 8787, 8788, 4337, 8789, 8790, 8791, 8792, 2525, 5173, 5174]

/** Whether a port can be listened on at 127.0.0.1 right now. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)))
  })
}

async function busyPorts(): Promise<number[]> {
  const busy: number[] = []
  for (const port of DEMO_PORTS) if (!(await portFree(port))) busy.push(port)
  return busy
}

/** The service lines `npm run demo` prints, each with the URL it names (the first URL on the line). */
const SERVICES = ['chain ready', 'relay ready', 'bundler', 'farcaster relay', 'api ready', 'mail', 'oidc', 'secure site', 'demo wallet', 'demo host'] as const
type Service = (typeof SERVICES)[number]

let child: ChildProcess | undefined
let output = ''
let errors = ''
let exit: Promise<number | null> | undefined

/** Stops the demo's process group (npm, tsx and demo/run.ts) and waits for npm to exit. */
async function stopDemo(): Promise<number | null> {
  if (!child || child.pid === undefined || !exit) return null
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGTERM')
  return exit
}

afterAll(async () => {
  // Only when a failure left it running: the test itself stops it and checks how.
  if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    process.kill(-child.pid, 'SIGTERM')
    await Promise.race([exit, new Promise((r) => setTimeout(r, 20_000))])
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL')
  }
})

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  expect(res.status, `${method} at ${url}`).toBe(200)
  return ((await res.json()) as { result: unknown }).result
}

async function getStatus(url: string): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(url)
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() }
}

describe('npm run demo (a newcomer starts the stack)', () => {
  it('prints every service URL, each answers, the host modal shows email and social login, SIGTERM stops all and frees the ports', async () => {
    const busy = await busyPorts()
    if (busy.length) {
      throw new Error(`npm run demo needs 127.0.0.1 ports ${DEMO_PORTS.join(', ')}; busy now: ${busy.join(', ')}. Stop what listens there (a demo left running?) and run again.`)
    }

    child = spawn('npm', ['run', 'demo'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } })
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d))
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (errors += d))
    const proc = child
    exit = new Promise((resolve) => proc.once('exit', (code) => resolve(code)))

    // Ready when it says so; a demo that dies first fails with its own words.
    await expect
      .poll(
        () => {
          if (proc.exitCode !== null) throw new Error(`npm run demo exited with ${proc.exitCode} before it was ready:\n${output}\n${errors.slice(-3000)}`)
          return output.includes('Press Ctrl-C to stop.')
        },
        { timeout: 150_000, interval: 250 },
      )
      .toBe(true)

    const lines = output.split('\n')
    const urls = new Map<Service, string[]>()
    for (const service of SERVICES) {
      const found = lines.filter((l) => l.startsWith(`${service} `)).map((l) => /(?:https?|wss?):\/\/\S+/.exec(l)?.[0])
      expect(found.length, `a "${service} <url>" line in:\n${output}`).toBeGreaterThan(0)
      expect(found.every((u) => u !== undefined), `a URL on every "${service}" line`).toBe(true)
      urls.set(service, found as string[])
    }
    const one = (s: Service) => urls.get(s)![0]!.replace(/\/$/, '')

    // Each URL answers once, with what that service serves.
    const chainLines = lines.filter((l) => l.startsWith('chain ready '))
    expect(chainLines.length).toBe(2)
    for (const line of chainLines) {
      const [, url, chainId] = /^chain ready (\S+) eip155:(\d+)$/.exec(line.trim())!
      expect(BigInt((await rpc(url!, 'eth_chainId')) as string)).toBe(BigInt(chainId!))
    }
    const relay = one('relay ready')
    expect(relay).toMatch(/^ws:\/\/127\.0\.0\.1:8787$/)
    expect((await getStatus(`${relay.replace(/^ws/, 'http')}/health`)).status).toBe(200)
    const entryPoints = (await rpc(one('bundler'), 'eth_supportedEntryPoints')) as string[]
    expect(entryPoints.length).toBeGreaterThan(0)
    // The Farcaster relay's routes need a channel: creating one answers 201 with its token.
    const channel = await fetch(`${one('farcaster relay')}/v1/channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siweUri: 'http://127.0.0.1:5173', domain: '127.0.0.1:5173' }),
    })
    expect(channel.status).toBe(201)
    expect(((await channel.json()) as { channelToken?: string }).channelToken).toEqual(expect.any(String))
    const origins = await getStatus(`${one('api ready')}/projects/v1/origins?projectId=portico-demo`)
    expect(origins.status).toBe(200)
    expect(JSON.parse(origins.text)).toHaveProperty('allowedOrigins')
    const inbox = await getStatus(`${one('mail')}/messages`)
    expect(inbox.status).toBe(200)
    expect(Array.isArray(JSON.parse(inbox.text))).toBe(true)
    expect((await getStatus(one('mail'))).type).toMatch(/text\/html/)
    const discovery = await getStatus(`${one('oidc')}/github/.well-known/openid-configuration`)
    expect(discovery.status).toBe(200)
    expect(JSON.parse(discovery.text).issuer).toBe(`${one('oidc')}/github`)
    const check = await getStatus(`${one('secure site')}/api/project-check?projectId=portico-demo&origin=${encodeURIComponent('http://127.0.0.1:5173')}`)
    expect(check.status).toBe(200)
    expect(JSON.parse(check.text)).toMatchObject({ ok: true })
    for (const app of ['demo wallet', 'demo host'] as const) {
      const page = await getStatus(`${one(app)}/`)
      expect(page.status, app).toBe(200)
      expect(page.type, app).toMatch(/text\/html/)
    }

    // The demo host in Chromium: the modal opens with the email field and the social buttons.
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      await page.goto(`${one('demo host')}/?wallet=none`)
      await page.getByRole('button', { name: 'Connect Wallet' }).click({ timeout: 60_000 })
      const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
      await dialog.getByRole('textbox', { name: 'Email' }).waitFor({ timeout: 30_000 })
      const socials = dialog.getByRole('group', { name: 'Social login' }).getByRole('button', { name: /^Continue with / })
      await socials.first().waitFor({ timeout: 30_000 })
      expect(await socials.count()).toBeGreaterThan(0)
      expect(await dialog.getByRole('button', { name: 'Continue with GitHub' }).count()).toBe(1)
    } finally {
      await browser.close()
    }

    // SIGTERM to the group: npm exits and every port is free again.
    await stopDemo()
    await expect.poll(() => proc.exitCode !== null || proc.signalCode !== null, { timeout: 30_000 }).toBe(true)
    await expect.poll(busyPorts, { timeout: 30_000, interval: 500 }).toEqual([])
  }, 240_000)
})
