// The fake wallets of createFakeWallets, called as a dapp calls them: every failure flag on every namespace.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { isAddress } from 'viem'
import { base58 } from '@scure/base'
import { EnglishMnemonic } from '@cosmjs/crypto'
import { createFakeWallets, installFakeWallets, mnemonicFromSeed, type FakeNamespace, type FakeWallets, type FakeWalletsOptions } from './index.ts'

const ACCOUNT0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const COSMOS_CHAIN = 'portico-local-1'
const HELLO_HEX = '0x68656c6c6f'

type Listener = () => void
/** How a dapp talks to each namespace's wallet. */
interface Dapp {
  connect(): Promise<string[]>
  accounts(): Promise<string[]>
  sign(address: string): Promise<unknown>
  chain(): Promise<string>
  /** Counts the namespace's change signals (accountsChanged/chainChanged/disconnect, Wallet Standard change, ...). */
  watch(): { count(): number }
  /** A signature of the right shape for the namespace. */
  validSignature(result: unknown): boolean
}

const target = new EventTarget() as EventTarget & { CustomEvent: typeof CustomEvent; Event: typeof Event }
target.CustomEvent = CustomEvent
target.Event = Event

function dappFor(ns: FakeNamespace, w: FakeWallets): Dapp {
  switch (ns) {
    case 'eip155': {
      const p = w.eip155!
      return {
        connect: async () => (await p.request({ method: 'eth_requestAccounts' })) as string[],
        accounts: async () => (await p.request({ method: 'eth_accounts' })) as string[],
        sign: (address) => p.request({ method: 'personal_sign', params: [HELLO_HEX, address] }),
        chain: async () => String(await p.request({ method: 'eth_chainId' })),
        watch() {
          let n = 0
          for (const e of ['accountsChanged', 'chainChanged', 'disconnect']) p.on(e, () => n++)
          return { count: () => n }
        },
        validSignature: (s) => typeof s === 'string' && /^0x[0-9a-f]{130}$/.test(s),
      }
    }
    case 'solana': {
      const s = w.solana!
      const f = s.features as Record<string, any>
      return {
        connect: async () => (await f['standard:connect'].connect()).accounts.map((a: { address: string }) => a.address),
        accounts: async () => s.accounts.map((a) => a.address),
        sign: (address) => f['solana:signMessage'].signMessage({ account: { address }, message: new TextEncoder().encode('hello') }),
        chain: async () => String((s.accounts[0]?.chains ?? s.chains)[0]),
        watch() {
          let n = 0
          f['standard:events'].on('change', () => n++)
          return { count: () => n }
        },
        validSignature: (r) => (r as Array<{ signature: Uint8Array }>)[0]?.signature.length === 64,
      }
    }
    case 'bip122': {
      const b = w.bip122!.standardWallet
      const f = b.features as Record<string, any>
      return {
        connect: async () => (await f['bitcoin:connect'].connect({ purposes: ['payment'] })).accounts.map((a: { address: string }) => a.address),
        accounts: async () => b.accounts.map((a) => a.address),
        sign: (address) => f['bitcoin:signMessage'].signMessage({ account: { address }, message: new TextEncoder().encode('hello') }),
        chain: async () => String((b.accounts[0]?.chains ?? b.chains)[0]),
        watch() {
          let n = 0
          f['standard:events'].on('change', () => n++)
          return { count: () => n }
        },
        // A BIP-322 witness: item count, then a 64-byte Schnorr or ~72-byte DER signature and the key.
        validSignature: (r) => ((r as Array<{ signature: Uint8Array }>)[0]?.signature.length ?? 0) > 60,
      }
    }
    case 'cosmos': {
      const k = w.cosmos!
      return {
        connect: async () => {
          await k.enable(COSMOS_CHAIN)
          return [(await k.getKey(COSMOS_CHAIN)).bech32Address]
        },
        accounts: async () => {
          try {
            return (await k.getOfflineSigner(COSMOS_CHAIN).getAccounts()).map((a) => a.address)
          } catch {
            return []
          }
        },
        sign: (address) => k.signArbitrary(COSMOS_CHAIN, address, 'hello'),
        chain: async () => (await k.getKey(COSMOS_CHAIN), COSMOS_CHAIN),
        watch() {
          let n = 0
          target.addEventListener('keplr_keystorechange', () => n++)
          return { count: () => n }
        },
        validSignature: (r) => typeof (r as { signature: string }).signature === 'string' && atob((r as { signature: string }).signature).length === 64,
      }
    }
    case 'polkadot': {
      const d = w.polkadot!
      // A dapp enables once and keeps the injected object.
      let injected: Awaited<ReturnType<typeof d.enable>> | undefined
      const connected = () => {
        if (!injected) throw new Error('not connected')
        return injected
      }
      return {
        connect: async () => {
          injected = await d.enable('Fake wallet test')
          return (await injected.accounts.get()).map((a) => a.address)
        },
        accounts: async () => (await connected().accounts.get()).map((a) => a.address),
        sign: (address) => connected().signer.signRaw({ address, data: HELLO_HEX, type: 'bytes' }),
        chain: async () => String((await connected().accounts.get())[0]?.genesisHash),
        watch() {
          let n = 0
          connected().accounts.subscribe(() => void n++)
          return { count: () => n }
        },
        validSignature: (r) => /^0x[0-9a-f]{128}$/.test((r as { signature: string }).signature),
      }
    }
  }
}

const NAMESPACES: FakeNamespace[] = ['eip155', 'solana', 'bip122', 'cosmos', 'polkadot']
const options = (ns: FakeNamespace, extra: FakeWalletsOptions = {}): FakeWalletsOptions => ({ namespaces: [ns], storage: null, origin: 'https://app.test', window: target, ...extra })

let real: Record<FakeNamespace, string[]>
beforeAll(async () => {
  real = (await createFakeWallets({ storage: null, origin: 'https://app.test', window: target }).accounts()) as Record<FakeNamespace, string[]>
}, 60_000)

afterEach(() => {
  vi.useRealTimers()
})

describe('createFakeWallets: accounts from one seed', () => {
  it('the dev mnemonic by default: the anvil account, Phantom path Solana key, regtest P2WPKH, cosmos and //Alice', () => {
    expect(real.eip155).toEqual([ACCOUNT0])
    expect(real.solana).toHaveLength(1)
    expect(base58.decode(real.solana[0]!)).toHaveLength(32)
    expect(real.bip122[0]).toMatch(/^bcrt1q/)
    expect(real.bip122[1]).toMatch(/^bcrt1p/)
    expect(real.cosmos).toEqual(['cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'])
    expect(real.polkadot).toEqual(['5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'])
  })

  it('a seed gives a valid BIP-39 mnemonic and other, repeatable accounts in every namespace', async () => {
    const mnemonic = mnemonicFromSeed('my app test seed')
    expect(() => new EnglishMnemonic(mnemonic)).not.toThrow()
    expect(mnemonic.split(' ')).toHaveLength(12)
    const a = await createFakeWallets({ seed: 'my app test seed', storage: null, window: target }).accounts()
    const b = await createFakeWallets({ seed: 'my app test seed', storage: null, window: target }).accounts()
    expect(a).toEqual(b)
    for (const ns of NAMESPACES) {
      expect(a[ns]).toHaveLength(ns === 'bip122' ? 2 : 1)
      expect(a[ns]![0]).not.toBe(real[ns][0])
    }
    const many = await createFakeWallets({ seed: 'x', accountCount: 3, namespaces: ['eip155', 'solana'], storage: null }).accounts()
    expect(new Set(many.eip155).size).toBe(3)
    expect(new Set(many.solana).size).toBe(3)
    expect(many.cosmos).toBeUndefined()
  })

  it('one queue across the namespaces: requests wait, approve() and reject() answer the oldest (reject = 4001)', async () => {
    const w = createFakeWallets({ namespaces: ['eip155', 'solana'], storage: null, origin: 'https://app.test' })
    const evm = dappFor('eip155', w).connect()
    const sol = dappFor('solana', w).connect()
    const first = await w.nextRequest()
    expect(first).toMatchObject({ namespace: 'eip155', method: 'eth_requestAccounts', origin: 'https://app.test' })
    await w.nextRequest({ namespace: 'solana' })
    expect(w.pendingRequests().map((r) => r.namespace)).toEqual(['eip155', 'solana'])
    w.approve()
    await expect(evm).resolves.toEqual([ACCOUNT0])
    w.reject()
    await expect(sol).rejects.toMatchObject({ code: 4001 })
    expect(w.pendingRequests()).toEqual([])
    expect(() => w.approve()).toThrow('no pending fake wallet request')
  })

  it('install() announces every wallet as an extension does and dispose() takes them away', () => {
    const win = new EventTarget() as EventTarget & Record<string, any>
    win.CustomEvent = CustomEvent
    const announced: string[] = []
    win.addEventListener('eip6963:announceProvider', (e: Event) => announced.push((e as CustomEvent).detail.info.name))
    const registered: string[] = []
    const unregister = vi.fn()
    win.addEventListener('wallet-standard:register-wallet', (e: Event) =>
      (e as CustomEvent).detail({ register: (wallet: { name: string; chains: readonly string[] }) => (registered.push(`${wallet.name} ${wallet.chains[0]}`), unregister) }),
    )
    const { wallets, dispose } = installFakeWallets(win as never, { storage: null, name: 'Acme Test Wallet' })
    expect(announced).toEqual(['Acme Test Wallet'])
    expect(registered).toEqual(['Acme Test Wallet solana:mainnet', 'Acme Test Wallet bitcoin:regtest'])
    expect(win.keplr).toBe(wallets.cosmos)
    expect(win.injectedWeb3['portico-dev-wallet']).toBe(wallets.polkadot)
    dispose()
    expect(unregister).toHaveBeenCalledTimes(2)
    expect(win.keplr).toBeUndefined()
    expect(win.injectedWeb3['portico-dev-wallet']).toBeUndefined()
    win.dispatchEvent(new CustomEvent('eip6963:requestProvider'))
    expect(announced).toHaveLength(1)
  })
})

describe.each(NAMESPACES)('%s fake wallet failure flags', (ns) => {
  it('rejectNext: the next request is rejected with 4001 (even auto-approving), then the flag clears', async () => {
    const w = createFakeWallets(options(ns, { autoApprove: true, failures: { rejectNext: true } }))
    const dapp = dappFor(ns, w)
    await expect(dapp.connect()).rejects.toMatchObject({ code: 4001 })
    await expect(dapp.connect()).resolves.toEqual(expect.arrayContaining([real[ns][0]]))
    w.setFailures({ rejectNext: true })
    await expect(dapp.sign(real[ns][0]!)).rejects.toMatchObject({ code: 4001 })
    expect(dapp.validSignature(await dapp.sign(real[ns][0]!))).toBe(true)
  })

  it('reject: listed methods always answer 4001', async () => {
    const method = { eip155: 'eth_requestAccounts', solana: 'standard:connect', bip122: 'bitcoin:connect', cosmos: 'enable', polkadot: 'enable' }[ns]
    const w = createFakeWallets(options(ns, { autoApprove: true, failures: { reject: [method] } }))
    const dapp = dappFor(ns, w)
    await expect(dapp.connect()).rejects.toMatchObject({ code: 4001 })
    await expect(dapp.connect()).rejects.toMatchObject({ code: 4001 })
  })

  it('delayMs: the answer comes only after the delay', async () => {
    const w = createFakeWallets(options(ns, { autoApprove: true }))
    const dapp = dappFor(ns, w)
    await dapp.connect()
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    w.setFailures({ delayMs: 5_000 })
    let answered = false
    const signing = dapp.sign(real[ns][0]!).then((r) => ((answered = true), r))
    await vi.advanceTimersByTimeAsync(4_999)
    expect(answered).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    vi.useRealTimers()
    expect(dapp.validSignature(await signing)).toBe(true)
    expect(answered).toBe(true)
  })

  it('disconnected: the wallet signals it, requests answer 4900, clearing lets the dapp connect again', async () => {
    const w = createFakeWallets(options(ns, { autoApprove: true }))
    const dapp = dappFor(ns, w)
    await dapp.connect()
    const seen = dapp.watch()
    await vi.waitFor(() => expect(seen.count()).toBeGreaterThanOrEqual(ns === 'polkadot' ? 1 : 0))
    const before = seen.count()
    w.setFailures({ disconnected: true })
    await vi.waitFor(() => expect(seen.count()).toBeGreaterThan(before))
    await expect(dapp.sign(real[ns][0]!)).rejects.toMatchObject({ code: 4900 })
    await expect(dapp.connect()).rejects.toMatchObject({ code: 4900 })
    if (ns === 'eip155') await expect(dapp.accounts()).rejects.toMatchObject({ code: 4900 })
    else expect(await dapp.accounts()).toEqual([])
    w.setFailures({})
    await expect(dapp.connect()).resolves.toEqual(expect.arrayContaining([real[ns][0]]))
  })

  it('unknownChain: the wallet moves to a chain the app does not know, and back when cleared', async () => {
    const w = createFakeWallets(options(ns, { autoApprove: true }))
    const dapp = dappFor(ns, w)
    await dapp.connect()
    const known = await dapp.chain()
    const seen = dapp.watch()
    await vi.waitFor(() => expect(seen.count()).toBeGreaterThanOrEqual(ns === 'polkadot' ? 1 : 0))
    const before = seen.count()
    w.setFailures({ unknownChain: true })
    await vi.waitFor(() => expect(seen.count()).toBeGreaterThan(before))
    const expected = {
      eip155: '0x3b9ac9ff', // 999999999
      solana: 'solana:unknown',
      bip122: 'bitcoin:unknown',
      polkadot: `0x${'ff'.repeat(32)}`,
    } as Record<FakeNamespace, string>
    if (ns === 'cosmos') await expect(dapp.chain()).rejects.toThrow(`There is no chain info for ${COSMOS_CHAIN}`)
    else await expect(dapp.chain()).resolves.toBe(expected[ns])
    w.setFailures({ unknownChain: ns === 'eip155' ? 424242 : ns === 'cosmos' ? true : ns === 'polkadot' ? `0x${'ab'.repeat(32)}` : `${ns === 'solana' ? 'solana' : 'bitcoin'}:elsewhere` })
    if (ns === 'eip155') expect(await dapp.chain()).toBe('0x67932')
    if (ns === 'solana' || ns === 'bip122') expect(await dapp.chain()).toMatch(/:elsewhere$/)
    if (ns === 'polkadot') expect(await dapp.chain()).toBe(`0x${'ab'.repeat(32)}`)
    w.setFailures({})
    expect(await dapp.chain()).toBe(known)
  })

  it('malformed: accounts that are not addresses, signatures of the wrong shape', async () => {
    const w = createFakeWallets(options(ns, { autoApprove: true }))
    const dapp = dappFor(ns, w)
    w.setFailures({ malformed: true })
    const accounts = await dapp.connect()
    expect(accounts.length).toBeGreaterThan(0)
    for (const a of accounts) {
      expect(real[ns]).not.toContain(a)
      if (ns === 'eip155') expect(isAddress(a)).toBe(false)
    }
    w.setFailures({})
    const signer = (await dapp.connect())[0]!
    expect(signer).toBe(real[ns][0])
    w.setFailures({ malformed: true })
    expect(dapp.validSignature(await dapp.sign(signer))).toBe(false)
    w.setFailures({ malformed: [] })
    expect(dapp.validSignature(await dapp.sign(signer))).toBe(true)
  })

  it('locked: no accounts, connect and sign answer 4100 "The wallet is locked.", unlocking restores them', async () => {
    const w = createFakeWallets(options(ns, { autoApprove: true }))
    const dapp = dappFor(ns, w)
    await dapp.connect()
    expect(await dapp.accounts()).toContain(real[ns][0])
    w.setFailures({ locked: true })
    expect(await dapp.accounts()).toEqual([])
    await expect(dapp.sign(real[ns][0]!)).rejects.toMatchObject({ code: 4100, message: 'The wallet is locked.' })
    await expect(dapp.connect()).rejects.toMatchObject({ code: 4100 })
    w.setFailures({})
    expect(await dapp.accounts()).toContain(real[ns][0])
  })
})
