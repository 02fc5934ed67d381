/**
 * Issue 27 item 3, migration: a data directory of the earlier JSON store (`secure-site.json`, users with sealed keys
 * and sessions) is imported into the database at the first start, then renamed `secure-site.json.imported`.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyMessage } from 'viem'
import { startMailSink, addressedTo, type MailSink } from '../../mail/index.ts'
import { startSecureSite, type SecureSite } from './index.ts'
import { deriveKey, evmAddressOf, generateWalletKeys, parseMasterKey, seal, solanaAddressOf } from './crypto.ts'
import type { StoreData, StoredUser } from './store.ts'

const PROJECT = 'import-project'
const HOST = 'http://localhost:5173'
const MASTER = randomBytes(32).toString('hex')
const DEVICE = 'known-device-0123456789'
const EMAIL = 'earlier@example.com'

let mail: MailSink
let dataDir: string
let legacy: StoreData
let user: StoredUser

/** What the JSON store wrote: a sealed key check, one email user with sealed keys, a live and an expired session. */
function legacyStore(master: string): { data: StoreData; user: StoredUser } {
  const k = deriveKey(parseMasterKey(master), 'wallet-keys')
  const keys = generateWalletKeys()
  const id = randomUUID()
  const u: StoredUser = {
    id,
    email: EMAIL,
    devices: [DEVICE],
    sealedKeys: { eip155: seal(k, keys.evm, `${id}:eip155`), solana: seal(k, keys.solana, `${id}:solana`) },
    addresses: { eip155: evmAddressOf(keys.evm), solana: solanaAddressOf(keys.solana) },
    createdAt: '2026-01-02T03:04:05.000Z',
  }
  const now = Math.floor(Date.now() / 1000)
  return {
    user: u,
    data: {
      version: 1,
      keyCheck: seal(k, Buffer.from('portico-secure-site key check'), 'key-check'),
      users: { [id]: u },
      sessions: {
        live: { userId: id, projectId: PROJECT, origin: HOST, exp: now + 3600 },
        expired: { userId: id, projectId: PROJECT, origin: HOST, exp: now - 10 },
      },
    },
  }
}

const start = (masterKey: string): Promise<SecureSite> =>
  startSecureSite({
    projectId: PROJECT,
    allowedOrigins: [HOST],
    smtp: { host: mail.smtpHost, port: mail.smtpPort, requireTLS: false },
    evmRpcUrls: { 31337: 'http://127.0.0.1:9' },
    dataDir,
    masterKey,
    frameAssets: 'placeholder',
  })

async function call(site: SecureSite, path: string, o: { body?: unknown; token?: string } = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'x-portico-project-id': PROJECT, 'x-portico-host-origin': HOST, 'content-type': 'application/json' }
  if (o.token) headers.authorization = `Bearer ${o.token}`
  const res = await fetch(`${site.url}${path}`, { method: 'POST', headers, body: JSON.stringify(o.body ?? {}) })
  return { status: res.status, body: await res.json() }
}

beforeAll(async () => {
  mail = await startMailSink()
  dataDir = mkdtempSync(join(tmpdir(), 'secure-site-import-'))
  ;({ data: legacy, user } = legacyStore(MASTER))
  writeFileSync(join(dataDir, 'secure-site.json'), JSON.stringify(legacy, null, 1), { mode: 0o600 })
})

afterAll(async () => {
  await mail?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('importing secure-site.json', () => {
  it('another master key imports nothing and refuses to start; the file stays', async () => {
    await expect(start(randomBytes(32).toString('hex'))).rejects.toThrow('the master key does not open the store')
    expect(existsSync(join(dataDir, 'secure-site.json'))).toBe(true)
  }, 120_000)

  it('the first start imports users and live sessions; the user logs in from a known device to the same wallet and signs', async () => {
    const site = await start(MASTER)
    try {
      expect(existsSync(join(dataDir, 'secure-site.json'))).toBe(false)
      expect(existsSync(join(dataDir, 'secure-site.json.imported'))).toBe(true)
      const state = await site.exportState()
      expect(state.keyCheck).toBe(legacy.keyCheck)
      expect(state.users).toEqual({ [user.id]: user })
      expect(Object.keys(state.sessions)).toEqual(['live'])
      const since = new Date().toISOString()
      expect((await call(site, '/api/email/connect', { body: { email: EMAIL, deviceId: DEVICE } })).body).toEqual({ action: 'VERIFY_OTP' })
      const m = await mail.waitFor((x) => addressedTo(x, EMAIL) && x.receivedAt >= since, 15_000)
      const session = await call(site, '/api/email/otp', { body: { email: EMAIL, otp: /\b(\d{6})\b/.exec(m.text)![1], deviceId: DEVICE } })
      expect(session.status).toBe(200)
      expect(session.body.user.address).toBe(user.addresses.eip155)
      const signed = await call(site, '/api/rpc', { token: session.body.token, body: { method: 'personal_sign', params: ['0x6869', user.addresses.eip155], chainId: 31337, approved: true } })
      expect(await verifyMessage({ address: user.addresses.eip155 as `0x${string}`, message: 'hi', signature: signed.body.result })).toBe(true)
    } finally {
      await site.stop()
    }
    // A restart reads the database; nothing is imported twice.
    const again = await start(MASTER)
    try {
      expect(Object.keys((await again.exportState()).users)).toEqual([user.id])
    } finally {
      await again.stop()
    }
  }, 180_000)
})
