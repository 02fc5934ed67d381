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
import { eip7702Option, startStack } from './portico-stack.ts'
import { readyUrl, signInByEmail } from './portico-stack.fixtures.ts'

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
      const session = await signInByEmail({ site: readyUrl(stack, 'secureSite'), mail: readyUrl(stack, 'mail'), project: PROJECT, host: HOST, email: 'seven@example.com', deviceId: 'device-7702-aaaaaaaa' })
      const caps = await session.call('POST', '/api/rpc', { method: 'wallet_getCapabilities', params: [session.user.address, ['0x7a69']], chainId: 31337 })
      expect(caps.result?.['0x7a69']).toMatchObject({ portico_delegation: { status: 'available', delegate: porticoDelegateAddress(), name: 'Portico Delegate' } })
    } finally {
      await stack.stop()
    }
  }, 180_000)
})
