// @vitest-environment happy-dom
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createMemoryAdapter,
  createModal,
  ErrorText,
  pluginStoragePrefix,
  type ChainNamespace,
  type Modal as ModalInstance,
  type StorageAdapter,
} from 'portico'
import { isConnected } from '../../tests/probe-plugin.ts'
import { Modal } from 'portico/react'
import { PorticoProvider } from 'portico/react'
import { eip155 } from 'portico/plugins/eip155'
import { WalletConnectConnector, type SignClientLike, type WcSession } from './connector.ts'
import {
  PairingCancelledError,
  SESSION_STORAGE_KEY,
  USER_DISCONNECTED_REASON,
  walletConnect,
  WalletConnectTokens,
  type SignClientInitOptions,
  type WalletConnectOptions,
} from './index.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOLANA_CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SOLANA_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const RPC = 'http://127.0.0.1:9/rpc'
const chain = (id: number, name: string) => ({
  id,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [RPC] } },
})
const DEMO_WALLET = { id: 'portico-demo-wallet', name: 'Portico Demo Wallet', webapp_link: 'http://127.0.0.1:5174/' }

const session = (over: Partial<WcSession['namespaces']['eip155']> = {}): WcSession => ({
  topic: 'session-topic',
  namespaces: {
    eip155: {
      chains: ['eip155:31337', 'eip155:31338'],
      accounts: [`eip155:31337:${ADDRESS}`, `eip155:31338:${ADDRESS}`],
      methods: ['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain'],
      events: ['accountsChanged', 'chainChanged'],
      ...over,
    },
  },
  peer: { metadata: { name: 'Fake Wallet', icons: [] } },
})

/** UNIT-test stand-in for sign-client: records calls, settles proposals by hand, emits events on demand. */
class FakeSignClient implements SignClientLike {
  core = { verify: { verifyUrlV3: 'https://verify.walletconnect.org/v3', register: async () => 'attestation' } }
  sessions: WcSession[] = []
  readonly proposals: Array<{ params: unknown; approve(s: WcSession): void; reject(e: unknown): void }> = []
  readonly requests: Array<{ topic: string; chainId: string; request: { method: string; params: unknown } }> = []
  readonly disconnects: Array<{ topic: string; reason: { code: number; message: string } }> = []
  answer: (method: string) => unknown = () => '0xsignature'
  private readonly listeners = new Map<string, Set<(arg: never) => void>>()
  session = { getAll: () => this.sessions }

  async connect(params: unknown) {
    let approve!: (s: WcSession) => void
    let reject!: (e: unknown) => void
    const answer = new Promise<WcSession>((res, rej) => {
      approve = (s) => {
        this.sessions.push(s)
        res(s)
      }
      reject = rej
    })
    answer.catch(() => undefined)
    this.proposals.push({ params, approve, reject })
    return { uri: `wc:pairing${this.proposals.length}@2?relay-protocol=irn&symKey=abc`, approval: () => answer }
  }

  async request<T>(args: { topic: string; chainId: string; request: { method: string; params: unknown } }): Promise<T> {
    this.requests.push(args)
    const result = this.answer(args.request.method)
    if (result instanceof Error || (typeof result === 'object' && result !== null && 'code' in result)) throw result
    return result as T
  }

  async disconnect(args: { topic: string; reason: { code: number; message: string } }) {
    this.disconnects.push(args)
    this.sessions = this.sessions.filter((s) => s.topic !== args.topic)
  }

  on(event: string, listener: (arg: never) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set())
    this.listeners.get(event)!.add(listener)
  }

  off(event: string, listener: (arg: never) => void) {
    this.listeners.get(event)?.delete(listener)
  }

  emit(event: string, arg: unknown) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (a: unknown) => void)(arg)
  }
}

let modals: ModalInstance[] = []
afterEach(() => {
  cleanup()
  for (const m of modals) m.destroy()
  modals = []
  vi.unstubAllGlobals()
})

function setup(opts: { storage?: StorageAdapter; client?: FakeSignClient; options?: Partial<WalletConnectOptions>; locale?: string } = {}) {
  const client = opts.client ?? new FakeSignClient()
  const createSignClient = vi.fn(async (_options: SignClientInitOptions) => client)
  const storage = opts.storage ?? createMemoryAdapter()
  const modal = createModal({
    // These tests look at Account after connecting.
    closeOnConnect: false,
    storage,
    metadata: { name: 'Test dapp', url: 'http://127.0.0.1' },
    plugins: [
      eip155({ networks: [chain(31337, 'Local'), chain(31338, 'Local 2')], builtinNetworks: false, legacyInjected: false }),
      walletConnect({ projectId: 'test', createSignClient, customWallets: [DEMO_WALLET], ...opts.options }),
    ],
    ...(opts.locale && { locale: opts.locale }),
  })
  modals.push(modal)
  return { modal, client, createSignClient, storage }
}

async function connect(modal: ModalInstance, client: FakeSignClient, s: WcSession = session()) {
  const pending = modal.connection.connect('walletConnect', 'eip155')
  await vi.waitFor(() => expect(client.proposals).toHaveLength(1))
  client.proposals[0]!.approve(s)
  return pending
}

describe('walletConnect plugin', () => {
  it('registers a MULTI_CHAIN connector over the chain adapters, the custom wallets and the two views', async () => {
    const { modal } = setup()
    await modal.ready
    const connector = modal.state.connector('walletConnect')!
    expect(connector).toMatchObject({ id: 'walletConnect', name: 'WalletConnect', type: 'MULTI_CHAIN', chain: 'eip155', chains: ['eip155'] })
    const { connectors, wallets } = modal.state.connectors.getSnapshot()
    expect(connectors.map((c) => c.name)).toEqual(['WalletConnect'])
    expect(wallets.custom.map((w) => w.name)).toEqual(['Portico Demo Wallet'])
    expect(modal.views.has('ConnectingWalletConnect')).toBe(true)
    expect(modal.views.has('ConnectingWalletConnectBasic')).toBe(true)
    const title = modal.views.meta('ConnectingWalletConnect')!.title as (p: { walletId?: string }) => string
    expect(title({ walletId: 'portico-demo-wallet' })).toBe('Portico Demo Wallet')
    expect(title({})).toBe('WalletConnect')
  })

  it('loads sign-client neither at setup nor on open, only when a pairing starts', async () => {
    const { modal, client, createSignClient } = setup()
    await modal.ready
    modal.open()
    expect(createSignClient).not.toHaveBeenCalled()
    await connect(modal, client)
    expect(createSignClient).toHaveBeenCalledTimes(1)
    expect(createSignClient.mock.calls[0]![0]).toMatchObject({ projectId: 'test', telemetryEnabled: false, metadata: { name: 'Test dapp', url: 'http://127.0.0.1' } })
  })

  it('SPEC §4 pair → approve → connected: the URI is in the pairing state; accounts come from the CAIP-10 accounts', async () => {
    const { modal, client } = setup()
    await modal.ready
    // Only Date is faked: the URI's expiry is read against a clock that does not move.
    const start = Date.parse('2026-01-01T00:00:00Z')
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(start)
    const connection = modal.connection
    const { pairing: controller } = modal.get(WalletConnectTokens.Connector)
    const pairing = () => controller.state
    // Waits on the store (vi.waitFor would move the fake clock while polling).
    const offered = new Promise<void>((resolve) => {
      const off = controller.store.subscribe(() => pairing().status === 'ready' && (off(), resolve()))
    })
    const pending = connection.connect('walletConnect', 'eip155')
    await offered
    expect(pairing()).toMatchObject({ status: 'ready', uri: 'wc:pairing1@2?relay-protocol=irn&symKey=abc' })
    const ready = pairing() as { expiry: number }
    // SPEC §9: a pairing expires 4 minutes after its URI is made.
    expect(ready.expiry).toBe(start + 240_000)
    vi.useRealTimers()
    expect(client.proposals[0]!.params).toMatchObject({
      optionalNamespaces: { eip155: { chains: ['eip155:31337', 'eip155:31338'], events: ['accountsChanged', 'chainChanged'] } },
    })
    client.proposals[0]!.approve(session())
    const result = await pending
    expect(result).toEqual({ accounts: [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:31337', walletInfo: { name: 'Fake Wallet', icon: undefined } })
    expect(modal.state.accounts.getSnapshot().byNamespace.eip155).toMatchObject({ address: ADDRESS, connectedWalletInfo: { name: 'Fake Wallet' } })
    expect(pairing().status).toBe('approved')
  })

  it('connects on the first approved chain when the active network is not approved', async () => {
    const { modal, client } = setup()
    await modal.ready
    const result = await connect(modal, client, session({ chains: ['eip155:31338'], accounts: [`eip155:31338:${ADDRESS}`] }))
    expect(result.caipNetworkId).toBe('eip155:31338')
    expect(modal.state.network.getSnapshot().byNamespace.eip155?.caipNetwork?.caipNetworkId).toBe('eip155:31338')
  })

  it('SPEC §5 routes requests to the session on the active chain; an unapproved method gets 4200 and eip155:request falls back to the HTTP RPC', async () => {
    const { modal, client } = setup()
    await modal.ready
    await connect(modal, client)
    const signature = await modal.request('eip155:personal_sign', { message: 'hi' })
    expect(signature).toBe('0xsignature')
    expect(client.requests[0]).toEqual({
      topic: 'session-topic',
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x6869', ADDRESS] },
    })

    const fetch = vi.fn(async (_url: string, init: { body: string }) => {
      const { id, method } = JSON.parse(init.body) as { id: number; method: string }
      return new Response(JSON.stringify({ jsonrpc: '2.0', id, result: method === 'eth_blockNumber' ? '0x2a' : null }))
    })
    vi.stubGlobal('fetch', fetch)
    await expect(modal.request('eip155:request', { method: 'eth_blockNumber' })).resolves.toBe('0x2a')
    expect(fetch.mock.calls[0]![0]).toBe(RPC)
    expect(client.requests).toHaveLength(1)

    const connector = modal.get(WalletConnectTokens.Connector)
    await expect(connector.request({ namespace: 'eip155', caipNetworkId: 'eip155:31337', method: 'eth_signTypedData_v4' })).rejects.toMatchObject({
      code: 4200,
      message: ErrorText.RPC_CALL_NOT_ALLOWED,
    })
  })

  it('an attempt cancelled at once (the pairing view unmounted by StrictMode) makes no offer and cannot cancel the next one', async () => {
    // The session logic (session.ts) loads on first use: the pairing must start before that import, or an attempt
    // abandoned meanwhile would start its pairing afterwards, cancel the live one and take the wallet's approval.
    const client = new FakeSignClient()
    const connector = new WalletConnectConnector({
      createClient: async () => client,
      storage: createMemoryAdapter(),
      networks: () => new Map<ChainNamespace, string[]>([['eip155', ['eip155:1']], ['solana', [SOLANA_CHAIN]]]),
      emitter: { emit: vi.fn() },
    })
    const abandoned = connector.connect({ namespace: 'eip155' })
    connector.pairing.cancel()
    const live = connector.connect({ namespace: 'eip155' })
    await expect(abandoned).rejects.toBeInstanceOf(PairingCancelledError)
    await vi.waitFor(() => expect(connector.pairing.state.status).toBe('ready'))
    expect(client.proposals).toHaveLength(1)
    client.proposals[0]!.approve({ topic: 'live', namespaces: { eip155: { accounts: [`eip155:1:${ADDRESS}`], methods: ['personal_sign'], events: [] } } })
    expect(await live).toMatchObject({ accounts: [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:1' })
  })

  it('routes by namespace: each namespace goes to its own approved chain of the session', async () => {
    const client = new FakeSignClient()
    const storage = new Map<string, string>()
    const connector = new WalletConnectConnector({
      createClient: async () => client,
      storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
      networks: () => new Map<ChainNamespace, string[]>([['eip155', ['eip155:1']], ['solana', [SOLANA_CHAIN]]]),
      emitter: { emit: vi.fn() },
    })
    await expect(connector.request({ namespace: 'eip155', caipNetworkId: 'eip155:1', method: 'personal_sign' })).rejects.toThrow(
      ErrorText.SIGN_CLIENT_NOT_INITIALIZED,
    )
    const pending = connector.connect({ namespace: 'solana' })
    await vi.waitFor(() => expect(client.proposals).toHaveLength(1))
    expect(client.proposals[0]!.params).toMatchObject({
      optionalNamespaces: { eip155: { chains: ['eip155:1'] }, solana: { chains: [SOLANA_CHAIN], methods: expect.arrayContaining(['solana_signMessage']) } },
    })
    await expect(connector.request({ namespace: 'eip155', caipNetworkId: 'eip155:1', method: 'personal_sign' })).rejects.toThrow(
      ErrorText.CALL_CONNECT_BEFORE_REQUEST,
    )
    client.proposals[0]!.approve({
      topic: 'multi',
      namespaces: {
        eip155: { accounts: [`eip155:1:${ADDRESS}`], methods: ['personal_sign'], events: [] },
        solana: { accounts: [`${SOLANA_CHAIN}:${SOLANA_ADDRESS}`], methods: ['solana_signMessage'], events: [] },
      },
    })
    expect(await pending).toEqual({ accounts: [{ namespace: 'solana', address: SOLANA_ADDRESS, type: 'eoa' }], caipNetworkId: SOLANA_CHAIN })
    await connector.request({ namespace: 'solana', caipNetworkId: SOLANA_CHAIN, method: 'solana_signMessage', params: { message: 'x' } })
    await connector.request({ namespace: 'eip155', caipNetworkId: 'eip155:1', method: 'personal_sign', params: ['0x00', ADDRESS] })
    expect(client.requests.map((r) => [r.topic, r.chainId, r.request.method])).toEqual([
      ['multi', SOLANA_CHAIN, 'solana_signMessage'],
      ['multi', 'eip155:1', 'personal_sign'],
    ])
    await expect(connector.request({ namespace: 'cosmos', caipNetworkId: 'cosmos:hub', method: 'cosmos_signDirect' })).rejects.toMatchObject({ code: 4200 })
    // A wallet error keeps its code (4001 user rejected).
    client.answer = () => ({ code: 4001, message: 'User rejected.' })
    await expect(connector.request({ namespace: 'eip155', caipNetworkId: 'eip155:1', method: 'personal_sign' })).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected.',
    })
    connector.dispose()
  })

  it('SPEC §4 session delete from the wallet cleans storage and emits disconnect', async () => {
    const { modal, client, storage } = setup()
    await modal.ready
    await connect(modal, client)
    // Stored with its namespaces and peer, so a reload restores it without waiting for sign-client.
    expect(JSON.parse(storage.getItem(`${pluginStoragePrefix('walletconnect')}${SESSION_STORAGE_KEY}`)!)).toEqual({
      topic: 'session-topic',
      namespaces: session().namespaces,
      peer: { metadata: { name: 'Fake Wallet', icons: [] } },
    })
    const disconnected = vi.fn()
    modal.events.on('connection:disconnected', disconnected)
    client.emit('session_delete', { id: 1, topic: 'session-topic' })
    expect(disconnected).toHaveBeenCalledWith({ namespace: 'eip155', connectorId: 'walletConnect' })
    expect(storage.getItem(`${pluginStoragePrefix('walletconnect')}${SESSION_STORAGE_KEY}`)).toBeNull()
    expect(isConnected(modal)).toBe(false)
    // The kernel forgot the namespace too (its local-storage key of connected namespaces, SPEC §3).
    expect(JSON.parse(storage.getItem('@portico/connected_namespaces') ?? '[]')).toEqual([])
    await expect(modal.request('eip155:personal_sign', { message: 'hi' })).rejects.toMatchObject({ code: 4100 })
  })

  it('session_event accountsChanged / chainChanged and session_update feed the kernel', async () => {
    const { modal, client } = setup()
    await modal.ready
    await connect(modal, client)
    const address = () => modal.state.accounts.getSnapshot().byNamespace.eip155?.address
    const networkId = () => modal.state.network.getSnapshot().byNamespace.eip155?.caipNetwork?.caipNetworkId
    client.emit('session_event', { id: 2, topic: 'session-topic', params: { chainId: 'eip155:31337', event: { name: 'chainChanged', data: 31338 } } })
    expect(networkId()).toBe('eip155:31338')
    client.emit('session_event', { id: 3, topic: 'session-topic', params: { chainId: 'eip155:31338', event: { name: 'accountsChanged', data: [OTHER] } } })
    expect(address()).toBe(OTHER)
    // An event for another topic is ignored.
    client.emit('session_event', { id: 4, topic: 'other', params: { chainId: 'eip155:31337', event: { name: 'accountsChanged', data: [ADDRESS] } } })
    expect(address()).toBe(OTHER)
    // The wallet drops 31338 and changes the account: the kernel follows, requests go to the remaining chain.
    client.emit('session_update', {
      id: 5,
      topic: 'session-topic',
      params: { namespaces: { eip155: { chains: ['eip155:31337'], accounts: [`eip155:31337:${ADDRESS}`], methods: ['personal_sign'], events: [] } } },
    })
    expect(address()).toBe(ADDRESS)
    expect(networkId()).toBe('eip155:31337')
    await modal.request('eip155:personal_sign', { message: 'x' })
    expect(client.requests.at(-1)?.chainId).toBe('eip155:31337')
  })

  it('SPEC §4 switchNetwork: an approved chain becomes the default chain; an unapproved one is asked of the wallet, else "Failed to switch to chain"', async () => {
    const { modal, client } = setup()
    await modal.ready
    await connect(modal, client, session({ chains: ['eip155:31337'], accounts: [`eip155:31337:${ADDRESS}`] }))
    const connector = modal.get(WalletConnectTokens.Connector)
    const [local, local2] = modal.state.networks('eip155')

    await connector.switchNetwork(local!)
    expect(client.requests).toHaveLength(0)

    client.answer = () => null
    await connector.switchNetwork(local2!)
    expect(client.requests[0]).toEqual({
      topic: 'session-topic',
      chainId: 'eip155:31337',
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
    })

    const { modal: other, client: otherClient } = setup()
    await other.ready
    await connect(other, otherClient, session({ chains: ['eip155:31337'], accounts: [`eip155:31337:${ADDRESS}`], methods: ['personal_sign'] }))
    await expect(other.get(WalletConnectTokens.Connector).switchNetwork(local2!)).rejects.toThrow('Failed to switch to chain eip155:31338')
    await expect(other.connection.switchNetwork(local2!)).rejects.toThrow(/^Failed to switch to chain /)
  })

  it('restores the session after a reload: sign-client loads in activate only when a session is stored', async () => {
    const storage = createMemoryAdapter()
    const first = setup({ storage })
    await first.modal.ready
    await connect(first.modal, first.client)
    first.modal.destroy()

    // Same storage, a "reloaded" sign-client that still holds the session.
    const reloaded = new FakeSignClient()
    reloaded.sessions = [session()]
    const second = setup({ storage, client: reloaded })
    await second.modal.ready
    // Started by activate, after its own import (sign-client.ts creates the client): ready does not wait for it.
    await vi.waitFor(() => expect(second.createSignClient).toHaveBeenCalledTimes(1))
    expect(second.modal.state.accounts.getSnapshot().byNamespace.eip155?.address).toBe(ADDRESS)
    expect(second.modal.state.connection.getSnapshot().activeConnectorIds.eip155).toBe('walletConnect')
    await second.modal.request('eip155:personal_sign', { message: 'after reload' })
    expect(reloaded.requests[0]?.topic).toBe('session-topic')

    // The client lost the session (expired while away): once sign-client is up (ready does not wait for it), the
    // flag is cleaned and nothing is connected.
    second.modal.destroy()
    const gone = setup({ storage, client: new FakeSignClient() })
    await gone.modal.ready
    await vi.waitFor(() => expect(isConnected(gone.modal)).toBe(false))
    expect(storage.getItem(`${pluginStoragePrefix('walletconnect')}${SESSION_STORAGE_KEY}`)).toBeNull()

    // Nothing stored: activate does not load sign-client.
    const fresh = setup()
    await fresh.modal.ready
    expect(fresh.createSignClient).not.toHaveBeenCalled()
  })

  it('disconnect ends the session with the USER_DISCONNECTED reason and cleans storage', async () => {
    const { modal, client, storage } = setup()
    await modal.ready
    await connect(modal, client)
    await modal.connection.disconnect()
    expect(client.disconnects).toEqual([{ topic: 'session-topic', reason: USER_DISCONNECTED_REASON }])
    expect(USER_DISCONNECTED_REASON).toEqual({ code: 6000, message: 'User disconnected.' })
    expect(storage.getItem(`${pluginStoragePrefix('walletconnect')}${SESSION_STORAGE_KEY}`)).toBeNull()
  })

  it("verify: 'local' points Verify at the relay's HTTP URL, 'off' disables attestation", async () => {
    const local = setup({ options: { relayUrl: 'ws://127.0.0.1:8787', verify: 'local' } })
    await local.modal.ready
    await local.modal.get(WalletConnectTokens.Connector).signClient()
    expect(local.client.core.verify.verifyUrlV3).toBe('http://127.0.0.1:8787/v3')

    const off = setup({ options: { verify: 'off' } })
    await off.modal.ready
    await off.modal.get(WalletConnectTokens.Connector).signClient()
    await expect(off.client.core.verify.register()).resolves.toBe('')
  })
})

describe('ConnectingWalletConnect view', () => {
  it('shows the QR code (URI as its description), Copy link and the chosen wallet\'s web link generated before any click', async () => {
    const { modal, client } = setup()
    await modal.ready
    render(
      <PorticoProvider modal={modal}>
        <Modal />
      </PorticoProvider>,
    )
    await act(async () => modal.open({ view: 'ConnectingWalletConnect', params: { walletId: 'portico-demo-wallet' } }))
    await screen.findByRole('dialog', { name: 'Portico Demo Wallet' })
    const qr = await screen.findByRole('img', { name: 'WalletConnect QR code' })
    const uri = 'wc:pairing1@2?relay-protocol=irn&symKey=abc'
    expect(qr.getAttribute('aria-description')).toBe(uri)
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy()
    const link = screen.getByRole('link', { name: 'Open Portico Demo Wallet' })
    expect(link.getAttribute('href')).toBe(`http://127.0.0.1:5174/?uri=${encodeURIComponent(uri)}`)
    expect(link.getAttribute('target')).toBe('_blank')

    await act(async () => client.proposals[0]!.approve(session()))
    await screen.findByRole('dialog', { name: 'Account' })
  })

  it('a rejected proposal shows the error; Retry waits 1 s (SPEC §9) and then pairs again', async () => {
    const { modal, client } = setup()
    await modal.ready
    render(
      <PorticoProvider modal={modal}>
        <Modal />
      </PorticoProvider>,
    )
    await act(async () => modal.open({ view: 'ConnectingWalletConnect', params: {} }))
    await screen.findByRole('dialog', { name: 'WalletConnect' })
    await screen.findByRole('img', { name: 'WalletConnect QR code' })
    // The 1 s gap runs on fake time (the view's timer and the clock it reads), so no real second passes.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    await act(async () => client.proposals[0]!.reject(Object.assign(new Error('User rejected.'), { code: 5000 })))
    expect(screen.getByRole('alert').textContent).toBe('User rejected.')
    const retry = screen.getByRole('button', { name: /^Retry in 1 s$/ })
    expect(retry.getAttribute('aria-disabled')).toBe('true')
    await act(async () => vi.advanceTimersByTime(999))
    expect(screen.getByRole('button', { name: /^Retry in 1 s$/ }).getAttribute('aria-disabled')).toBe('true')
    await act(async () => vi.advanceTimersByTime(1))
    const again = screen.getByRole('button', { name: 'Retry' })
    await act(async () => again.click())
    vi.useRealTimers()
    await vi.waitFor(() => expect(client.proposals).toHaveLength(2))
    expect((await screen.findByRole('img', { name: 'WalletConnect QR code' })).getAttribute('aria-description')).toMatch(/^wc:pairing2@2/)
  })
})

describe('ConnectingWalletConnect in another language (issue 17)', () => {
  it('with the locale set to German the pairing screen reads German; the wallet name stays as it is', async () => {
    const { modal, client } = setup({ locale: 'de' })
    await modal.ready
    await act(async () => {
      render(
        <PorticoProvider modal={modal}>
          <Modal />
        </PorticoProvider>,
      )
    })
    await act(async () => modal.open({ view: 'ConnectingWalletConnect', params: { walletId: 'portico-demo-wallet' } }))
    await screen.findByRole('dialog', { name: 'Portico Demo Wallet' })
    expect(await screen.findByRole('img', { name: 'WalletConnect-QR-Code' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Link kopieren' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Portico Demo Wallet öffnen' })).toBeTruthy()
    expect(screen.getByText('Weiter in Portico Demo Wallet')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull()
    await act(async () => client.proposals[0]!.approve(session()))
  })
})

describe('a stored session while sign-client cannot start (unreachable relay)', () => {
  it('modal.ready resolves within 5 s, Account shows the stored account and Disconnect leads to a usable Connect view', async () => {
    const storage = createMemoryAdapter()
    const first = setup({ storage })
    await first.modal.ready
    await connect(first.modal, first.client)
    first.modal.destroy()

    // The reload: sign-client's start never finishes (its relay socket cannot open).
    const createSignClient = vi.fn((_options: SignClientInitOptions) => new Promise<SignClientLike>(() => undefined))
    const modal = createModal({
      // These tests look at Account after connecting.
      closeOnConnect: false,
      storage,
      plugins: [
        eip155({ networks: [chain(31337, 'Local'), chain(31338, 'Local 2')], builtinNetworks: false, legacyInjected: false }),
        walletConnect({ projectId: 'test', createSignClient }),
      ],
    })
    modals.push(modal)
    let ready = false
    void modal.ready.then(() => (ready = true))
    await vi.waitFor(() => expect(ready).toBe(true), { timeout: 5_000 })
    expect(createSignClient).toHaveBeenCalled()
    expect(modal.state.accounts.getSnapshot().byNamespace.eip155).toMatchObject({ address: ADDRESS, connectedWalletInfo: { name: 'Fake Wallet' } })

    render(
      <PorticoProvider modal={modal}>
        <Modal />
      </PorticoProvider>,
    )
    await act(async () => modal.open())
    await screen.findByRole('dialog', { name: 'Account' })
    await act(async () => screen.getByRole('button', { name: 'Disconnect' }).click())
    await screen.findByRole('button', { name: /^WalletConnect/ }, { timeout: 5_000 })
    expect(isConnected(modal)).toBe(false)
    expect(storage.getItem(`${pluginStoragePrefix('walletconnect')}${SESSION_STORAGE_KEY}`)).toBeNull()
  })

  it('a restored session sign-client no longer has is reported as disconnected once sign-client is up', async () => {
    const storage = createMemoryAdapter()
    const first = setup({ storage })
    await first.modal.ready
    await connect(first.modal, first.client)
    first.modal.destroy()

    let start!: (client: SignClientLike) => void
    const later = new Promise<SignClientLike>((resolve) => (start = resolve))
    const second = setup({ storage, options: { createSignClient: () => later } })
    await second.modal.ready
    expect(isConnected(second.modal)).toBe(true)
    const disconnected = vi.fn()
    second.modal.events.on('connection:disconnected', disconnected)
    start(new FakeSignClient()) // holds no session: it expired while the page was closed
    await vi.waitFor(() => expect(disconnected).toHaveBeenCalledWith({ namespace: 'eip155', connectorId: 'walletConnect' }))
    expect(isConnected(second.modal)).toBe(false)
    expect(storage.getItem(`${pluginStoragePrefix('walletconnect')}${SESSION_STORAGE_KEY}`)).toBeNull()
  })
})

describe('disconnect while sign-client is still starting', () => {
  it('the connection ends at once and the wallet is told once sign-client is up', async () => {
    const storage = createMemoryAdapter()
    const first = setup({ storage })
    await first.modal.ready
    await connect(first.modal, first.client)
    first.modal.destroy()

    let start!: (client: SignClientLike) => void
    const later = new Promise<SignClientLike>((resolve) => (start = resolve))
    const second = setup({ storage, options: { createSignClient: () => later } })
    await second.modal.ready
    await second.modal.connection.disconnect()
    expect(isConnected(second.modal)).toBe(false)
    const reloaded = new FakeSignClient()
    reloaded.sessions = [session()]
    start(reloaded)
    await vi.waitFor(() => expect(reloaded.disconnects).toEqual([{ topic: 'session-topic', reason: USER_DISCONNECTED_REASON }]))
  })
})

describe('lazy loading', () => {
  it('no file of the plugin imports @walletconnect/sign-client statically (values only through import())', () => {
    const dir = import.meta.dirname
    const files = (function walk(d: string): string[] {
      return readdirSync(d).flatMap((name) => (statSync(join(d, name)).isDirectory() ? walk(join(d, name)) : [join(d, name)]))
    })(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      expect(text, file).not.toMatch(/^\s*import\s+(?!type\b)[^;]*from\s+['"]@walletconnect\/sign-client['"]/m)
    }
    expect(readFileSync(join(dir, 'index.ts'), 'utf8')).toContain("await import('@walletconnect/sign-client')")
  })
})
