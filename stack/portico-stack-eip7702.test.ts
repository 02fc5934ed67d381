/**
 * `portico-stack --config` with `services.secureSite.eip7702` (docs/EIP-7702.md): the option reaches the secure site.
 * Delegates default to the `chain` service's PorticoDelegate; a signed-in user's `wallet_getCapabilities` then offers
 * the upgrade. Bad or missing delegates are ConfigErrors naming the key.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { porticoDelegateAddress } from './chain/7702/index.ts'
import { ConfigError, parseStackConfig } from './config.ts'
import type { MailMessage } from './mail/index.ts'
import { eip7702Option, startStack } from './portico-stack.ts'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const HOST = 'http://127.0.0.1:5173'
const PROJECT = 'stack-7702'
const DELEGATE = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe('portico-stack: services.secureSite.eip7702', () => {
  it('the file is checked: delegates is an object of chain id -> address', () => {
    expect(parseStackConfig({ services: { secureSite: { eip7702: { delegates: { '31337': DELEGATE } } } } }).services.secureSite?.eip7702).toEqual({ delegates: { '31337': DELEGATE } })
    expect(() => parseStackConfig({ services: { secureSite: { eip7702: { delegates: [DELEGATE] } } } })).toThrow(ConfigError)
    expect(() => parseStackConfig({ services: { secureSite: { eip7702: { paymasterUrl: 'http://x' } } } })).toThrow(/services\.secureSite\.eip7702\.paymasterUrl/)
    expect(() => eip7702Option({ delegates: { mainnet: DELEGATE } }, undefined)).toThrow(new ConfigError('services.secureSite.eip7702.delegates: "mainnet" is not a chain id'))
    expect(() => eip7702Option({ delegates: { '1': '0x12' } }, undefined)).toThrow(new ConfigError('services.secureSite.eip7702.delegates.1 wants an address, got "0x12"'))
    expect(() => eip7702Option({}, undefined)).toThrow(new ConfigError('services.secureSite.eip7702 needs delegates (or the chain service in the same file)'))
    expect(eip7702Option({ delegates: { '1': DELEGATE } }, { '31337': { porticoDelegate: porticoDelegateAddress() } })).toEqual({ delegates: { '1': DELEGATE } })
  })

  it('dev mode: chain + mail + secure site with `eip7702: {}`; a signed-in user is offered the upgrade to the chain service\'s delegate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stack-7702-'))
    dirs.push(dir)
    const config = parseStackConfig({ services: { chain: {}, mail: {}, secureSite: { projectIds: [PROJECT], allowedOrigins: [HOST], eip7702: {} } } })
    const stack = await startStack(config, ['chain', 'mail', 'secureSite'], { baseDir: dir })
    try {
      const line = (name: string) => stack.services.find((s) => s.name === name)!.lines[0]!
      const site = /^secure site ready (http:\/\/127\.0\.0\.1:\d+)/.exec(line('secureSite'))![1]!
      const mail = /^mail ready (http:\/\/127\.0\.0\.1:\d+)/.exec(line('mail'))![1]!
      const post = async (path: string, body: unknown, token?: string) => {
        const headers: Record<string, string> = { 'x-portico-project-id': PROJECT, 'x-portico-host-origin': HOST, 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }
        return (await fetch(`${site}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json() as Promise<Record<string, any>>
      }
      const email = 'seven@example.com'
      await post('/api/email/connect', { email, deviceId: 'device-7702-aaaaaaaa' })
      let code: string | undefined
      await expect
        .poll(async () => {
          const inbox = (await (await fetch(`${mail}/messages?to=${encodeURIComponent(email)}`)).json()) as MailMessage[]
          code = inbox.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean)
          return code
        }, { timeout: 20_000 })
        .toMatch(/^\d{6}$/)
      const { token, user } = await post('/api/email/otp', { email, otp: code, deviceId: 'device-7702-aaaaaaaa' })
      const caps = await post('/api/rpc', { method: 'wallet_getCapabilities', params: [user.address, ['0x7a69']], chainId: 31337 }, token)
      expect(caps.result?.['0x7a69']).toMatchObject({ portico_delegation: { status: 'available', delegate: porticoDelegateAddress(), name: 'Portico Delegate' } })
    } finally {
      await stack.stop()
    }
  }, 180_000)
})
