/**
 * `portico-stack --config` with smart accounts on the secure site: `smartAccountChainIds` with `smartAccountContracts`
 * and `bundlerUrl`, or the `chain` and `bundler` services of the same file (the bundler itself defaulting to the chain
 * service's first chain and its EntryPoint). Until now the file could not pass the contracts, so smart accounts could
 * not be switched on through it.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, parseStackConfig } from './config.ts'
import { smartAccountsOption, startStack } from './portico-stack.ts'
import { readyUrl, signInByEmail } from './portico-stack.fixtures.ts'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const ENTRY_POINT = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
const FACTORY = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const DEV = { '31337': { entryPoint: ENTRY_POINT as `0x${string}`, porticoAccountFactory: FACTORY as `0x${string}` } }

describe('portico-stack: services.secureSite smart accounts', () => {
  it('the file is checked: smartAccountContracts is chain id -> { entryPoint, porticoAccountFactory }', () => {
    const parsed = parseStackConfig({ services: { secureSite: { smartAccountChainIds: [1], smartAccountContracts: { '1': { entryPoint: ENTRY_POINT, porticoAccountFactory: FACTORY } } } } })
    expect(parsed.services.secureSite?.smartAccountContracts).toEqual({ '1': { entryPoint: ENTRY_POINT, porticoAccountFactory: FACTORY } })
    expect(() => parseStackConfig({ services: { secureSite: { smartAccountContracts: { '1': ENTRY_POINT } } } })).toThrow(ConfigError)
    expect(() => parseStackConfig({ services: { secureSite: { smartAccountContracts: [ENTRY_POINT] } } })).toThrow(ConfigError)
    expect(() => parseStackConfig({ services: { secureSite: { smartAccountContracts: { '1': { entryPoint: ENTRY_POINT, factory: FACTORY } } } } })).toThrow(/services\.secureSite\.smartAccountContracts\.1/)
  })

  it('passes the given contracts and bundler for each chain id; refuses a chain id without them, naming the key', () => {
    const given = { smartAccountChainIds: [1], smartAccountContracts: { '1': { entryPoint: ENTRY_POINT, porticoAccountFactory: FACTORY } }, bundlerUrl: 'https://bundler.example' }
    expect(smartAccountsOption(given, {})).toEqual({ smartAccountChainIds: [1], smartAccountContracts: { 1: { entryPoint: ENTRY_POINT, porticoAccountFactory: FACTORY } }, bundlerUrl: 'https://bundler.example' })
    expect(() => smartAccountsOption({ ...given, smartAccountChainIds: [1, 10] }, {})).toThrow(
      new ConfigError('services.secureSite.smartAccountChainIds: chain 10 has no smartAccountContracts entry (nor the chain service in the same file)'),
    )
    expect(() => smartAccountsOption({ ...given, bundlerUrl: undefined }, {})).toThrow(
      new ConfigError('services.secureSite.smartAccountChainIds needs bundlerUrl (or the bundler service in the same file)'),
    )
    expect(() => smartAccountsOption({ smartAccountContracts: { mainnet: { entryPoint: ENTRY_POINT, porticoAccountFactory: FACTORY } } }, {})).toThrow(
      new ConfigError('services.secureSite.smartAccountContracts: "mainnet" is not a chain id'),
    )
    expect(() => smartAccountsOption({ smartAccountContracts: { '1': { entryPoint: '0x12', porticoAccountFactory: FACTORY } } }, {})).toThrow(
      new ConfigError('services.secureSite.smartAccountContracts.1.entryPoint wants an address, got "0x12"'),
    )
    // No smart account chain: nothing offered, the bundler URL passed on as given.
    expect(smartAccountsOption({ bundlerUrl: 'https://b.example' }, {})).toEqual({ bundlerUrl: 'https://b.example' })
  })

  it('defaults to the chain service\'s deployment and the bundler service of the same file', () => {
    expect(smartAccountsOption({ smartAccountChainIds: [31337] }, { bundlerUrl: 'http://127.0.0.1:4337', evmContracts: DEV })).toEqual({
      smartAccountChainIds: [31337],
      smartAccountContracts: { 31337: { entryPoint: ENTRY_POINT, porticoAccountFactory: FACTORY } },
      bundlerUrl: 'http://127.0.0.1:4337',
    })
    // A file's own bundlerUrl wins over the bundler service.
    expect(smartAccountsOption({ smartAccountChainIds: [31337], bundlerUrl: 'https://mine.example' }, { bundlerUrl: 'http://127.0.0.1:4337', evmContracts: DEV }).bundlerUrl).toBe('https://mine.example')
  })

  it('a bundler without rpcUrl or entryPoint and no chain service in the file is a ConfigError naming what it needs', async () => {
    const config = parseStackConfig({ services: { bundler: {} } })
    await expect(startStack(config, ['bundler'], { baseDir: tmpdir() })).rejects.toThrow(
      new ConfigError('services.bundler needs rpcUrl and entryPoint (or the chain service in the same file)'),
    )
    // An rpcUrl of its own is another chain: the chain service's EntryPoint is not assumed for it.
    const own = parseStackConfig({ services: { bundler: { rpcUrl: 'http://127.0.0.1:1' } } })
    await expect(startStack(own, ['bundler'], { baseDir: tmpdir() })).rejects.toThrow(ConfigError)
  })

  it('one file, dev mode: chain + mail + bundler + secure site with smartAccountChainIds [31337] and nothing else; the site offers the smart account, the bundler serves the chain service\'s EntryPoint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stack-smart-'))
    dirs.push(dir)
    const PROJECT = 'stack-smart'
    const HOST = 'http://127.0.0.1:5173'
    const config = parseStackConfig({ services: { chain: {}, mail: {}, bundler: {}, secureSite: { projectIds: [PROJECT], allowedOrigins: [HOST], smartAccountChainIds: [31337] } } })
    const stack = await startStack(config, ['chain', 'mail', 'bundler', 'secureSite'], { baseDir: dir })
    try {
      const bundler = readyUrl(stack, 'bundler')
      // The bundler runs on the chain service's chain (31337) with the deployment's EntryPoint (v0.8's canonical address).
      const rpc = async (method: string) =>
        ((await (await fetch(bundler, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }) })).json()) as { result: unknown }).result
      expect(await rpc('eth_chainId')).toBe('0x7a69')
      expect(await rpc('eth_supportedEntryPoints')).toEqual(['0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'])
      const site = readyUrl(stack, 'secureSite')
      const { user, call } = await signInByEmail({ site, mail: readyUrl(stack, 'mail'), project: PROJECT, host: HOST, email: 'smart@example.com', deviceId: 'device-smart-aaaaaaaa' })
      expect(await call('GET', '/api/smart-account/networks')).toEqual({ smartAccountEnabledNetworks: [31337] })
      expect(user).toMatchObject({ chainId: 31337, smartAccountDeployed: false })
      const smart = (user.accounts as { type: string; address: string }[]).find((a) => a.type === 'smartAccount')
      expect(smart?.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(smart!.address.toLowerCase()).not.toBe(String(user.address).toLowerCase())
      expect((await call('GET', '/api/user?chainId=31337&preferredAccountType=smartAccount')).address).toBe(smart!.address)
    } finally {
      await stack.stop()
    }
  }, 120_000)
})
