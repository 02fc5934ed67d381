import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, type ConnectorEmitter, type ConnectorEvents } from 'portico'
import { createPolkadotDevWallet, type ConsentRequest } from 'portico/testing'
import { trackLeaks } from 'portico/testing/conformance'
import { cryptoWaitReady, decodeAddress, encodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { decodeSs58, encodeSs58, isPolkadotAddress, parseAmount, polkadot, reencodeSs58, toPolkadotNetwork } from './index.ts'
import { InjectedPolkadotConnector } from './connector.ts'
import type { InjectedAccount, InjectedWindowProvider } from './injected.ts'

const ALICE_PUBLIC = '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d'
const ALICE_GENERIC = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
const ALICE_POLKADOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
const BOB_GENERIC = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty'
const LOCAL = { wsUrl: 'ws://127.0.0.1:1', caipNetworkId: 'polkadot:45454545454545454545454545454545', name: 'Local', ss58Prefix: 2 }
const OTHER = { wsUrl: 'ws://127.0.0.1:2', caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182', name: 'Polkadot', ss58Prefix: 0 }

describe('SS58 addresses', () => {
  it('matches @polkadot/util-crypto for one- and two-byte prefixes', async () => {
    await cryptoWaitReady()
    const keys = [ALICE_PUBLIC, `0x${'00'.repeat(32)}`, `0x${'ff'.repeat(32)}`, `0x${'7a'.repeat(32)}`]
    for (const prefix of [0, 2, 42, 63, 64, 255, 1284, 16383]) {
      for (const key of keys) {
        const reference = encodeAddress(key, prefix)
        expect(encodeSs58(key, prefix)).toBe(reference)
        const decoded = decodeSs58(reference)
        expect(decoded?.prefix).toBe(prefix)
        expect(Buffer.from(decoded!.publicKey).equals(Buffer.from(decodeAddress(reference)))).toBe(true)
      }
    }
  })

  it('knows the public //Alice addresses', () => {
    expect(encodeSs58(ALICE_PUBLIC, 42)).toBe(ALICE_GENERIC)
    expect(encodeSs58(ALICE_PUBLIC, 0)).toBe(ALICE_POLKADOT)
    expect(reencodeSs58(ALICE_GENERIC, 0)).toBe(ALICE_POLKADOT)
  })

  it('rejects what is not a checksummed SS58 account', () => {
    expect(isPolkadotAddress(ALICE_GENERIC)).toBe(true)
    expect(isPolkadotAddress(ALICE_POLKADOT, 0)).toBe(true)
    expect(isPolkadotAddress(ALICE_POLKADOT, 2)).toBe(false)
    for (const bad of [
      '',
      'not an address',
      ALICE_PUBLIC,
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      `${ALICE_GENERIC.slice(0, -1)}R`, // checksum broken
      `${ALICE_GENERIC}1`,
      'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu',
      '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQ0', // 0 is not base58
    ]) {
      expect(isPolkadotAddress(bad)).toBe(false)
    }
    expect(() => encodeSs58(ALICE_PUBLIC, 46)).toThrow('Invalid SS58 prefix 46')
    expect(() => encodeSs58('0x1234', 0)).toThrow('32 bytes')
  })
})

describe('polkadot plugin options', () => {
  it('turns a chain into a CAIP-2 network of the polkadot namespace', () => {
    const network = toPolkadotNetwork({ ...LOCAL, symbol: 'ROC', decimals: 12, testnet: true })
    expect(network).toMatchObject({
      id: '45454545454545454545454545454545',
      caipNetworkId: 'polkadot:45454545454545454545454545454545',
      chainNamespace: 'polkadot',
      nativeCurrency: { symbol: 'ROC', decimals: 12 },
      rpcUrls: { default: { http: ['ws://127.0.0.1:1'] } },
      testnet: true,
    })
    expect(() => toPolkadotNetwork({ ...LOCAL, caipNetworkId: 'polkadot:0x45' })).toThrow(/32 lowercase hex/)
    expect(() => polkadot({})).toThrow('give at least one chain')
  })

  it('parses display amounts to planck in the chain decimals', () => {
    expect(parseAmount('1.5', 12)).toBe(1_500_000_000_000n)
    expect(parseAmount('0.000000000001', 12)).toBe(1n)
    expect(parseAmount('10', 10)).toBe(100_000_000_000n)
    for (const bad of ['', '0', '-1', '1e3', '0.0000000000001', 'abc', '1.', '.5']) expect(parseAmount(bad, 12)).toBeUndefined()
  })
})

/** A hand-made injectedWeb3 entry, to see what the connector does with what a wallet reports. */
function fakeExtension(initial: InjectedAccount[]) {
  let accounts = initial
  const subscribers = new Set<(a: InjectedAccount[]) => void>()
  const enabled: string[] = []
  const provider: InjectedWindowProvider = {
    enable: async (origin) => {
      enabled.push(origin)
      return {
        accounts: { get: async () => accounts, subscribe: (cb) => (subscribers.add(cb), () => void subscribers.delete(cb)) },
        signer: {},
      }
    },
  }
  return {
    provider,
    enabled,
    subscribers,
    set(next: InjectedAccount[]) {
      accounts = next
      for (const cb of subscribers) cb(next)
    },
  }
}

function recorder() {
  const events: Array<{ type: keyof ConnectorEvents; payload: unknown }> = []
  const emitter: ConnectorEmitter = { emit: (type, payload) => void events.push({ type, payload }) }
  return { events, emitter }
}

describe('InjectedPolkadotConnector', () => {
  const local = toPolkadotNetwork(LOCAL)
  const other = toPolkadotNetwork(OTHER)
  const deps = (prefix: Record<string, number>) => ({
    defaultNetwork: () => local,
    ss58Prefix: async (n: { caipNetworkId: string }) => prefix[n.caipNetworkId]!,
    appName: 'Test App',
  })

  it('re-encodes the accounts per network and leaves out ethereum keys and accounts tied to another chain', async () => {
    const ext = fakeExtension([
      { address: ALICE_GENERIC, name: 'Alice', type: 'sr25519' },
      { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'ethereum' },
      { address: BOB_GENERIC, type: 'sr25519', genesisHash: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3' },
    ])
    const { events, emitter } = recorder()
    const connector = new InjectedPolkadotConnector('fake', 'Fake', ext.provider, emitter, deps({ [local.caipNetworkId]: 2, [other.caipNetworkId]: 0 }))
    const result = await connector.connect({ namespace: 'polkadot' })
    expect(ext.enabled).toEqual(['Test App'])
    expect(result.caipNetworkId).toBe(local.caipNetworkId)
    expect(result.accounts.map((a) => a.address)).toEqual([encodeSs58(ALICE_PUBLIC, 2)])

    // On Polkadot (prefix 0) Bob's chain-bound account appears and Alice is shown with prefix 0.
    await connector.switchNetwork(other)
    const change = events.at(-1)!.payload as { caipNetworkId: string; accounts: Array<{ address: string }> }
    expect(change.caipNetworkId).toBe(other.caipNetworkId)
    expect(change.accounts.map((a) => a.address)).toEqual([ALICE_POLKADOT, reencodeSs58(BOB_GENERIC, 0)])

    // The wallet changing accounts is reported; dispose() stops listening.
    ext.set([{ address: BOB_GENERIC, type: 'ed25519' }])
    expect((events.at(-1)!.payload as { accounts: Array<{ address: string }> }).accounts[0]!.address).toBe(reencodeSs58(BOB_GENERIC, 0))
    expect(ext.subscribers.size).toBe(1)
    await connector.disconnect()
    expect(ext.subscribers.size).toBe(0)
  })

  it('fails to connect a wallet with no account for the network', async () => {
    const ext = fakeExtension([{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'ethereum' }])
    const connector = new InjectedPolkadotConnector('fake', 'Fake', ext.provider, recorder().emitter, deps({ [local.caipNetworkId]: 2 }))
    await expect(connector.connect({ namespace: 'polkadot' })).rejects.toThrow('Fake has no account for Local')
    expect(ext.subscribers.size).toBe(0)
  })
})

describe('polkadot plugin with the dev wallet', () => {
  const modalWith = (wallet: ReturnType<typeof createPolkadotDevWallet>, extra: Record<string, unknown> = {}) =>
    createModal({ plugins: [polkadot({ chain: LOCAL, appName: 'Portico test', injectedWeb3: () => ({ 'portico-dev-wallet': wallet, ...extra }) })], storage: createMemoryAdapter() })

  it('lists each injectedWeb3 entry as a connector, names as text, junk entries skipped', async () => {
    const wallet = createPolkadotDevWallet({ autoApprove: true })
    const modal = modalWith(wallet, {
      'polkadot-js': { enable: async () => ({}) },
      'some-wallet': { enable: async () => ({}), name: '<img src=x onerror=alert(1)>\u0007' },
      broken: { version: '1' },
    })
    await modal.ready
    const names = modal.state.connectors.getSnapshot().connectors.map((c) => [c.id, c.name])
    expect(names).toEqual([
      ['polkadot:portico-dev-wallet', 'Portico Dev Wallet'],
      ['polkadot:polkadot-js', 'Polkadot{.js}'],
      ['polkadot:some-wallet', '<img src=x onerror=alert(1)>'],
    ])
    modal.destroy()
  })

  for (const keyType of ['sr25519', 'ed25519'] as const) {
    it(`connects, and signs a message that signatureVerify accepts (${keyType})`, async () => {
      const wallet = createPolkadotDevWallet({ autoApprove: true, keyType, accounts: ['//Alice', '//Bob'] })
      const modal = modalWith(wallet)
      await modal.ready
      const { accounts } = await modal.connection.connect('polkadot:portico-dev-wallet', 'polkadot')
      expect(accounts).toHaveLength(2)
      expect(decodeSs58(accounts[0]!.address)?.prefix).toBe(2)
      const state = modal.state.accounts.getSnapshot().byNamespace.polkadot
      expect(state?.caipAddress).toBe(`polkadot:45454545454545454545454545454545:${accounts[0]!.address}`)

      const { signature, address } = await modal.request('polkadot:signMessage', { message: 'Hello from Portico' })
      expect(address).toBe(accounts[0]!.address)
      await cryptoWaitReady()
      const check = signatureVerify('Hello from Portico', signature, address)
      expect(check.isValid).toBe(true)
      expect(check.crypto).toBe(keyType)
      expect(signatureVerify('Hello from Portico!', signature, address).isValid).toBe(false)
      modal.destroy()
    })
  }

  it('a rejected consent fails with 4001 and a later approval connects', async () => {
    const prompts: ConsentRequest[] = []
    let answer = false
    const wallet = createPolkadotDevWallet({ prompt: async (request) => (prompts.push(request), answer) })
    const modal = modalWith(wallet)
    await modal.ready
    await expect(modal.connection.connect('polkadot:portico-dev-wallet', 'polkadot')).rejects.toMatchObject({ code: 4001 })
    expect(prompts[0]).toMatchObject({ method: 'enable', summary: [expect.stringContaining('Portico test'), expect.stringContaining('Alice')] })
    answer = true
    const { accounts } = await modal.connection.connect('polkadot:portico-dev-wallet', 'polkadot')
    expect(accounts[0]!.address).toBe(encodeSs58(ALICE_PUBLIC, 2))

    // A rejected signature is the wallet's 4001; the failure flag rejects without asking.
    answer = false
    await expect(modal.request('polkadot:signMessage', { message: 'no' })).rejects.toMatchObject({ code: 4001 })
    const asked = prompts.length
    wallet.setFailures({ reject: ['signRaw'] })
    answer = true
    await expect(modal.request('polkadot:signMessage', { message: 'no' })).rejects.toMatchObject({ code: 4001 })
    expect(prompts.length).toBe(asked)
    modal.destroy()
  })

  it('a reload restores the connection through enable() without a prompt', async () => {
    const saved = new Map<string, string>()
    const storage = { getItem: (k: string) => saved.get(k) ?? null, setItem: (k: string, v: string) => void saved.set(k, v), removeItem: (k: string) => void saved.delete(k) }
    const modalStorage = createMemoryAdapter()
    const prompts: ConsentRequest[] = []
    const make = () =>
      createModal({
        plugins: [polkadot({ chain: LOCAL, injectedWeb3: () => ({ 'portico-dev-wallet': createPolkadotDevWallet({ storage, prompt: async (r) => (prompts.push(r), true) }) }) })],
        storage: modalStorage,
      })
    const first = make()
    await first.ready
    await first.connection.connect('polkadot:portico-dev-wallet', 'polkadot')
    expect(prompts).toHaveLength(1)
    first.destroy()

    const second = make()
    await second.ready
    await expect.poll(() => second.state.accounts.getSnapshot().byNamespace.polkadot?.address).toBe(encodeSs58(ALICE_PUBLIC, 2))
    expect(prompts).toHaveLength(1)
    second.destroy()
  })

  it('an unreachable chain fails the balance request and leaves no retry loop behind', async () => {
    const leaks = trackLeaks()
    try {
      const modal = modalWith(createPolkadotDevWallet({ autoApprove: true }))
      await modal.ready
      await modal.connection.connect('polkadot:portico-dev-wallet', 'polkadot')
      await expect(modal.request('polkadot:getBalance', {})).rejects.toThrow()
      modal.destroy()
      // WsProvider arms one reconnect timer when the socket closes; after disconnect() it fires once and stops.
      await expect.poll(() => leaks.pendingTimers(), { timeout: 15_000 }).toEqual([])
    } finally {
      leaks.restore()
    }
  })

  it('signing before connecting is refused with 4100', async () => {
    const modal = modalWith(createPolkadotDevWallet({ autoApprove: true }))
    await modal.ready
    await expect(modal.request('polkadot:signMessage', { message: 'hi' })).rejects.toMatchObject({ code: 4100 })
    modal.destroy()
  })

  it('the wallet switching or revoking accounts reaches the modal', async () => {
    const wallet = createPolkadotDevWallet({ autoApprove: true })
    const modal = modalWith(wallet)
    await modal.ready
    await modal.connection.connect('polkadot:portico-dev-wallet', 'polkadot')
    await wallet.setAccounts(['//Charlie'])
    const charlie = (await wallet.accounts())[0]!.address
    await expect.poll(() => modal.state.accounts.getSnapshot().byNamespace.polkadot?.address).toBe(reencodeSs58(charlie, 2))
    wallet.revoke()
    await expect.poll(() => modal.state.accounts.getSnapshot().byNamespace.polkadot?.address).toBeUndefined()
    modal.destroy()
  })
})
