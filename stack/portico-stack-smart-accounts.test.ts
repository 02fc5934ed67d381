/**
 * `portico-stack --config` with smart accounts on the secure site: `smartAccountChainIds` with `smartAccountContracts`
 * and `bundlerUrl`, or the `chain` and `bundler` services of the same file. Until now the file could not pass the
 * contracts, so smart accounts could not be switched on through it.
 */
import { describe, expect, it } from 'vitest'
import { ConfigError, parseStackConfig } from './config.ts'
import { smartAccountsOption } from './portico-stack.ts'

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
})
