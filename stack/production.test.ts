/**
 * Issue 27 item 1: production mode refuses every dev default of every service, naming it; dev mode keeps them.
 * The checks one by one (stack/production.ts), then each service's real `main.ts` started with `--production` (or
 * NODE_ENV=production) and its dev defaults: it exits 2 before listening, naming each one.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, parseStackConfig } from './config.ts'
import { productionErrors } from './portico-stack.ts'
import { apiProblems, bundlerProblems, DevDefaultError, devOnlyProblems, isProduction, refuseDevDefaults, relayProblems, secureSiteProblems } from './production.ts'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs')
const work = mkdtempSync(join(tmpdir(), 'portico-production-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Runs a main with `args` and the environment given; answers its exit code and what it printed. */
function run(file: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PORTICO_') && k !== 'RELAY_REDIS_URL' && k !== 'NODE_ENV'))
    const child = spawn(process.execPath, [...(file.endsWith('.mjs') ? [] : [TSX]), join(ROOT, file), ...args], { cwd: ROOT, env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    // A main that got past its checks would start listening: that is a failure here, so stop it.
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, out })
    })
  })
}

const HTTPS_SITE = {
  publicUrl: 'https://secure.example',
  projectIds: ['p1'],
  allowedOrigins: ['https://app.example'],
  smtp: { host: 'smtp.example' },
  masterKey: 'a'.repeat(64),
  dataDir: '/var/lib/portico/secure-site',
  evmRpcUrls: { '1': 'https://rpc.example' },
}

describe('production mode: the checks', () => {
  it('is on with --production or NODE_ENV=production, off otherwise', () => {
    expect(isProduction(['--production'], {})).toBe(true)
    expect(isProduction([], { NODE_ENV: 'production' })).toBe(true)
    expect(isProduction([], { NODE_ENV: 'development' })).toBe(false)
    expect(isProduction([], {})).toBe(false)
  })

  it('secure site: each dev default is named; a complete configuration passes', () => {
    expect(secureSiteProblems(HTTPS_SITE)).toEqual([])
    const problems = (o: Partial<typeof HTTPS_SITE> & Record<string, unknown>) => secureSiteProblems({ ...HTTPS_SITE, ...o }).join('\n')
    expect(problems({ publicUrl: undefined })).toMatch(/^publicUrl is missing: the dev default http:\/\/127\.0\.0\.1:<port> as the token issuer, the OIDC redirect, the device links and the Origin check/)
    expect(problems({ publicUrl: 'http://secure.example' })).toMatch(/^publicUrl "http:\/\/secure.example" is not https:/)
    expect(problems({ publicUrl: 'https://127.0.0.1:8791' })).toMatch(/^publicUrl "https:\/\/127.0.0.1:8791" is on loopback/)
    expect(problems({ smtp: undefined })).toMatch(/^smtp is missing: the dev mail sink would be started/)
    expect(problems({ smtp: { host: 'smtp.example', requireTLS: false } as never })).toMatch(/^smtp.requireTLS false/)
    expect(problems({ projectIds: undefined })).toMatch(/^projectIds is missing: .*any-projectId/)
    expect(problems({ allowedOrigins: ['http://localhost:*', 'https://app.example'] })).toMatch(/^allowedOrigins holds the dev allowlist entries http:\/\/localhost:\*/)
    expect(problems({ allowedOrigins: undefined })).toMatch(/^apiUrl or allowedOrigins is missing/)
    expect(problems({ oidcIssuers: { google: 'https://accounts.google.com' } })).toMatch(/^oidc.clientSecret is missing: the default OIDC client secret/)
    expect(problems({ oidcIssuers: { google: 'http://127.0.0.1:8790/google' }, oidcClientSecret: 's' })).toMatch(/^oidc.issuers.google "http:\/\/127.0.0.1:8790\/google" is not https:/)
    expect(problems({ masterKey: undefined })).toMatch(/^masterKey is missing: a master key would be generated/)
    expect(problems({ dataDir: undefined })).toMatch(/^dataDir or databaseUrl is missing/)
    expect(problems({ evmRpcUrls: undefined })).toMatch(/^evmRpcUrls is missing: the dev chain/)
    expect(problems({ frameAssets: 'placeholder' })).toMatch(/^frameAssets "placeholder"/)
  })

  it('api: the localhost allowlist, the on-ramp provider page paying from the dev key, and the rest', () => {
    const ok = { publicUrl: 'https://api.example', databaseUrl: 'postgres://db/portico', allowedOrigins: ['https://app.example'], projectIds: ['p1'], adminToken: 't'.repeat(32), onrampProviderPage: false }
    expect(apiProblems(ok)).toEqual([])
    const one = (o: Record<string, unknown>) => apiProblems({ ...ok, ...o }).join('\n')
    expect(one({ publicUrl: undefined })).toMatch(/^publicUrl is missing/)
    expect(one({ databaseUrl: undefined })).toMatch(/^databaseUrl is missing: the dev default PGlite directory/)
    expect(one({ allowedOrigins: undefined })).toMatch(/^allowedOrigins is missing: the dev default allowlist lets http:\/\/localhost:\* and http:\/\/127.0.0.1:\*/)
    expect(one({ allowedOrigins: ['http://127.0.0.1:*'] })).toMatch(/^allowedOrigins holds the dev allowlist entries http:\/\/127.0.0.1:\*/)
    expect(one({ projectIds: undefined })).toMatch(/^projectIds is missing/)
    expect(one({ adminToken: undefined })).toMatch(/^adminToken is missing: a generated admin token/)
    expect(one({ onrampProviderPage: undefined })).toMatch(/^onrampProviderPage: the dev on-ramp provider page pays every purchase from the dev mnemonic's key/)
    expect(one({ chainsFromDevDeployment: true })).toMatch(/^chains is missing: the dev chains of the deployment file/)
  })

  it('relay: the in-memory store and a cap turned off', () => {
    expect(relayProblems({ redis: 'redis://cache:6379' })).toEqual([])
    expect(relayProblems({})).toEqual(['redisUrl is missing: the dev default in-memory message store loses messages on restart and serves one instance only'])
    expect(relayProblems({ redis: 'redis://cache:6379', maxConnectionsPerIp: 0 })).toEqual(['maxConnectionsPerIp 0 turns the per-IP connection cap off (a dev setting)'])
  })

  it('bundler: the dev executor key and the dev deployment', () => {
    expect(bundlerProblems({ rpcUrl: 'https://rpc.example', entryPoint: '0x1', executorPrivateKey: '0x2' })).toEqual([])
    const all = bundlerProblems({}).join('\n')
    expect(all).toMatch(/^executorPrivateKey is missing: the dev mnemonic's account 22/)
    expect(all).toMatch(/rpcUrl is missing: the first chain of the dev deployment file/)
    expect(all).toMatch(/entryPoint is missing/)
  })

  it('the dev-only services are refused whatever their settings, and the error names service and problems', () => {
    for (const service of ['chain', 'solana', 'bitcoin', 'cosmos', 'polkadot', 'mail', 'oidc', 'farcaster'] as const) {
      expect(devOnlyProblems(service)[0]).toMatch(new RegExp(`^${service}: the .*(dev|demo|password)`))
    }
    expect(() => refuseDevDefaults('relay', relayProblems({}))).toThrow(new DevDefaultError('relay', relayProblems({})))
    expect(() => refuseDevDefaults('relay', [])).not.toThrow()
    expect(new DevDefaultError('mail', ['a', 'b']).message).toBe('mail: production mode refuses to start with dev defaults:\n  - a\n  - b')
  })
})

describe('portico-stack configuration', () => {
  it('names an unknown key, a wrong type and a missing env: variable', () => {
    expect(() => parseStackConfig({ services: { relay: { prot: 1 } } })).toThrow(new ConfigError('services.relay.prot is not a setting of services.relay (see docs/SELF-HOSTING.md)'))
    expect(() => parseStackConfig({ services: { api: { port: 'x' } } })).toThrow(new ConfigError('services.api.port wants a whole number, got "x"'))
    expect(() => parseStackConfig({ services: { api: { adminToken: 'env:NOPE_TOKEN' } } }, {})).toThrow(new ConfigError('services.api.adminToken: the environment variable NOPE_TOKEN is not set'))
    expect(() => parseStackConfig({ services: {} })).toThrow(/services is missing/)
    expect(parseStackConfig({ trustProxy: 1, services: { api: { adminToken: 'env:T' } } }, { T: 'x'.repeat(20) })).toEqual({ trustProxy: 1, services: { api: { adminToken: 'x'.repeat(20) } } })
  })

  it('sponsor (issue 29): the dev paymasters, signer and policy are named; a full configuration passes', () => {
    const config = parseStackConfig({ services: { sponsor: {} } })
    const [error] = productionErrors(config, ['sponsor'])
    expect(error!.service).toBe('sponsor')
    expect(error!.problems).toEqual([
      "paymasters is missing: the dev chains' EntryPoint and PorticoPaymaster (the dev deployment file) would be used",
      "signerPrivateKey is missing: the dev signer (the dev mnemonic's account 23, a publicly known key) would sign sponsorships",
      'policyFile is missing: the dev policy (the demo project sponsoring the seeded contracts) would be used',
    ])
    const full = parseStackConfig(
      { services: { sponsor: { signerPrivateKey: 'env:KEY', policyFile: 'policy.json', paymasters: ['8453:0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108:0x000000000000000000000000000000000000dEaD'] } } },
      { KEY: `0x${'1'.repeat(64)}` },
    )
    expect(productionErrors(full, ['sponsor'])).toEqual([])
    expect(() => parseStackConfig({ services: { sponsor: { paymasters: '8453:0x1:0x2' } } })).toThrow(new ConfigError('services.sponsor.paymasters wants an array of strings, got "8453:0x1:0x2"'))
    expect(parseStackConfig({ services: { secureSite: { sponsorUrl: 'https://sponsor.example', paymasterOrigins: ['https://pm.example'] } } }).services.secureSite).toEqual({
      sponsorUrl: 'https://sponsor.example',
      paymasterOrigins: ['https://pm.example'],
    })
  })

  it('production errors of a whole file: one per service with dev defaults', () => {
    const config = parseStackConfig({ redisUrl: 'redis://r:6379', services: { relay: {}, mail: {}, secureSite: HTTPS_SITE } })
    const errors = productionErrors(config, ['relay', 'mail', 'secureSite'])
    expect(errors.map((e) => e.service)).toEqual(['mail'])
  })
})

describe('each main.ts in production mode exits 2 naming its dev defaults (before listening)', () => {
  const mains: Array<[string, string[], RegExp[]]> = [
    ['stack/relay/main.ts', ['--production', '--port', '0'], [/^relay: production mode refuses/m, /redisUrl is missing/]],
    ['stack/api/main.ts', ['--production', '--port', '0'], [/^api: production mode refuses/m, /publicUrl is missing/, /allowedOrigins is missing: the dev default allowlist/, /onrampProviderPage: the dev on-ramp provider page/, /adminToken is missing/, /databaseUrl is missing/]],
    ['stack/secure-site/main.ts', ['--production', '--port', '0'], [/^secure site: production mode refuses/m, /publicUrl is missing/, /smtp is missing: the dev mail sink/, /projectIds is missing: .*any-projectId/, /masterKey is missing/]],
    ['stack/mail/main.ts', ['--production'], [/^mail: production mode refuses/m, /dev mail sink/]],
    ['stack/oidc/main.ts', ['--production'], [/^oidc: production mode refuses/m, /without a password/]],
    ['stack/chain/main.ts', ['--production'], [/^chain: production mode refuses/m, /publicly known dev keys/]],
    ['stack/solana/main.ts', ['--production'], [/^solana: production mode refuses/m]],
    ['stack/bitcoin/main.ts', ['--production'], [/^bitcoin: production mode refuses/m]],
    ['stack/cosmos/main.ts', ['--production'], [/^cosmos: production mode refuses/m]],
    ['stack/polkadot/main.ts', ['--production'], [/^polkadot: production mode refuses/m]],
    ['stack/bundler/main.ts', ['--production'], [/^bundler: production mode refuses/m, /executorPrivateKey is missing/]],
    ['stack/farcaster/main.ts', ['--production'], [/^farcaster: production mode refuses/m]],
    ['stack/sponsor/main.ts', ['--production', '--port', '0'], [/^sponsor: production mode refuses/m, /paymaster is missing/, /signerPrivateKey is missing: the dev signer/, /policyFile is missing: the dev policy/]],
  ]
  it.each(mains)('%s', async (file, args, patterns) => {
    const r = await run(file, args)
    expect(r.code, r.out).toBe(2)
    for (const p of patterns) expect(r.out).toMatch(p)
    expect(r.out).not.toMatch(/ ready /)
  }, 150_000)

  it('NODE_ENV=production does the same as --production', async () => {
    const r = await run('stack/relay/main.ts', ['--port', '0'], { NODE_ENV: 'production' })
    expect(r.code).toBe(2)
    expect(r.out).toMatch(/redisUrl is missing/)
  }, 60_000)

  it('portico-stack --production refuses a dev configuration, naming every service\'s defaults, and starts nothing', async () => {
    const file = join(work, 'dev.json')
    writeFileSync(file, JSON.stringify({ services: { mail: {}, relay: {}, secureSite: { projectIds: ['p1'], allowedOrigins: ['http://localhost:*'] } } }))
    const r = await run('stack/bin/portico-stack.mjs', ['--config', file, '--production'])
    expect(r.code).toBe(2)
    expect(r.out).toMatch(/^mail: production mode refuses/m)
    expect(r.out).toMatch(/^relay: production mode refuses/m)
    expect(r.out).toMatch(/^secureSite: production mode refuses[\s\S]*allowedOrigins holds the dev allowlist entries http:\/\/localhost:\*/m)
    expect(r.out).not.toMatch(/ ready /)
  }, 60_000)
})
