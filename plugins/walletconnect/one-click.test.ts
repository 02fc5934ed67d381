import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SignClient } from '@walletconnect/sign-client'
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { createMemoryAdapter, createModal, type Modal } from 'portico'
import { eip155 } from 'portico/plugins/eip155'
import { siwx, SiwxTokens, type SiwxOptions, type SiwxSession } from 'portico/plugins/siwx'
import { startRelay, type Relay } from '../../stack/relay/index.ts'
import { MemoryStorage } from '../../stack/relay/test-kit.ts'
import { startApiServer, type ApiServer } from '../../stack/api/index.ts'
import { tempDataDir, TEST_ADMIN_TOKEN } from '../../stack/api/api-test-client.ts'
import { DemoWallet } from '../../demo/wallet/wallet.ts'
import { walletConnect, WalletConnectTokens, type SignClientLike } from './index.ts'

/**
 * One-click auth (issue 28 part 2) against the stack's relay and API server, with the real sign-client in the modal
 * and the demo wallet on the real WalletKit: `wc_sessionAuthenticate` connects and signs in with one approval.
 */
// WalletConnect skips telemetry, Verify and link-mode probing when it sees this (isTestRun()).
process.env.IS_VITEST = 'true'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CAIP_ADDRESS = `eip155:31337:${ADDRESS}`
const DEADLINE = { timeout: 20_000 }
const local = { id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }

let relay: Relay
let api: ApiServer
const data = tempDataDir('wc-one-click')
const cleanup: Array<() => unknown> = []

beforeAll(async () => {
  relay = await startRelay()
  api = await startApiServer({ dataDir: data.dir, adminToken: TEST_ADMIN_TOKEN, chains: [] })
})

afterAll(async () => {
  for (const step of cleanup.reverse()) await step()
  await relay?.stop()
  await api?.stop()
  data.remove()
})

/** The demo wallet on its own WalletKit over the relay; `oneClick: false` is a wallet without one-click support. */
async function startWallet(oneClick: boolean): Promise<DemoWallet> {
  const prefix = `one-click-wallet-${process.pid}-${Math.random()}`
  const core = new Core({ projectId: 'portico-local', relayUrl: relay.url, customStoragePrefix: prefix, storage: new MemoryStorage() as never, logger: 'silent', telemetryEnabled: false })
  cleanup.push(async () => {
    await core.relayer.transportClose().catch(() => undefined)
    core.heartbeat.stop()
  })
  const kit = await WalletKit.init({ core, metadata: { name: 'Portico Demo Wallet', description: '', url: 'http://127.0.0.1', icons: [] } })
  const wallet = new DemoWallet({ projectId: 'portico-local', relayUrl: relay.url, chains: [{ chainId: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:9' }] }, { oneClick })
  wallet.attach(kit)
  return wallet
}

/** A page with eip155, WalletConnect (real sign-client) and SIWX against the API server. */
async function startPage(options: SiwxOptions = {}): Promise<Modal> {
  const prefix = `one-click-dapp-${process.pid}-${Math.random()}`
  const modal = createModal({
    projectId: 'test-project',
    endpoints: { registry: api.url },
    storage: createMemoryAdapter(),
    plugins: [
      eip155({ networks: [local], builtinNetworks: false, legacyInjected: false }),
      walletConnect({
        projectId: 'portico-local',
        relayUrl: relay.url,
        storagePrefix: prefix,
        metadata: { name: 'One-click dapp', description: '', url: 'http://localhost:5173', icons: [] },
        createSignClient: async (init) => (await SignClient.init({ ...init, storage: new MemoryStorage() as never, logger: 'silent' })) as unknown as SignClientLike,
      }),
      siwx({ required: true, domain: 'localhost:5173', uri: 'http://localhost:5173/', statement: 'Sign in to the Portico demo', ...options }),
    ],
  })
  cleanup.push(async () => {
    const client = (await modal.get(WalletConnectTokens.Connector).signClient().catch(() => undefined)) as unknown as InstanceType<typeof SignClient> | undefined
    await client?.core.relayer.transportClose().catch(() => undefined)
    client?.core.heartbeat.stop()
    modal.destroy()
  })
  await modal.ready
  return modal
}

/** Starts a WalletConnect connection and hands its URI to the wallet; resolves how the connection settled. */
async function pairWith(modal: Modal, wallet: DemoWallet): Promise<{ settled: () => { ok?: true; error?: unknown } | undefined; uri: string; oneClick: boolean }> {
  let outcome: { ok?: true; error?: unknown } | undefined
  void modal.connection.connect('walletConnect', 'eip155').then(
    () => (outcome = { ok: true }),
    (error: unknown) => (outcome = { error }),
  )
  const pairing = modal.get(WalletConnectTokens.Connector).pairing
  await vi.waitFor(() => expect(pairing.state.status).toBe('ready'), DEADLINE)
  const state = pairing.state as { uri: string; oneClick?: boolean }
  await wallet.pair(state.uri)
  return { settled: () => outcome, uri: state.uri, oneClick: state.oneClick === true }
}

const siwxState = (modal: Modal) => modal.get(SiwxTokens.Controller).store.getSnapshot()
const views = (modal: Modal) => {
  const seen: string[] = []
  modal.router.subscribe(() => seen.push(modal.router.current.view))
  return seen
}

describe('one-click auth over WalletConnect (real sign-client, WalletKit demo wallet, stack relay and API)', () => {
  it('one approval in the wallet connects and signs in; the SIWX dialog is skipped; the session token is valid on the server', async () => {
    const wallet = await startWallet(true)
    const modal = await startPage()
    const seen = views(modal)
    const { settled, oneClick } = await pairWith(modal, wallet)
    expect(oneClick).toBe(true)
    await vi.waitFor(() => expect(wallet.getSnapshot().authRequests).toHaveLength(1), DEADLINE)
    const request = wallet.getSnapshot().authRequests[0]!
    expect(request.message).toContain('localhost:5173 wants you to sign in with your Ethereum account:')
    // The ReCap (EIP-5573) in the message: the methods the session may request, as the wallet serves them.
    expect(request.message).toContain("I further authorize the stated URI to perform the following actions on my behalf: (1) 'request': 'eth_sendTransaction', 'eth_signTypedData_v4', 'personal_sign', 'wallet_switchEthereumChain' for 'eip155'.")
    // sign-client's fallback proposal is ignored by a wallet that answers sign-ins.
    expect(wallet.getSnapshot().proposals).toEqual([])

    await wallet.approveAuthRequest(request.id)
    await vi.waitFor(() => expect(settled()).toEqual({ ok: true }), DEADLINE)
    expect(modal.state.accounts.getSnapshot().byNamespace.eip155?.address).toBe(ADDRESS)
    await vi.waitFor(() => expect(siwxState(modal).session?.caipAddress).toBe(CAIP_ADDRESS), DEADLINE)
    expect(seen).not.toContain('SIWXSignMessage')
    expect(modal.router.current.view).not.toBe('SIWXSignMessage')

    const session = siwxState(modal).session as SiwxSession
    expect(session.message).toContain('Sign in to the Portico demo I further authorize the stated URI')
    const me = await fetch(`${api.url}/auth/v1/me?projectId=test-project`, { headers: { authorization: `Bearer ${session.token}` } })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { caipAddress: string }).caipAddress).toBe(CAIP_ADDRESS)
    // The session's methods are the ReCap's: requests go to the wallet over the session.
    const wc = modal.get(WalletConnectTokens.Connector).currentSession!
    expect(wc.namespaces.eip155?.methods).toEqual(expect.arrayContaining(['personal_sign', 'eth_sendTransaction']))
    expect(wallet.getSnapshot().sessions).toHaveLength(1)
  })

  it('an attempt abandoned at once (React StrictMode mount-unmount-mount) makes no offer: the live URI\'s approval connects', async () => {
    // The pairing view starts connecting on mount; StrictMode unmounts it (cancel) and mounts it again at once. Each
    // attempt that gets as far asks the backend for a nonce; here the nonces arrive latest request first, as they may on
    // a busy machine. sign-client keeps one auth key and response topic: had the abandoned attempt still called
    // authenticate() after the live one, the live URI's approval would go unheard (walletconnect-one-click.e2e's
    // Account dialog that never showed).
    const gates: Array<{ promise: Promise<void>; resolve(): void }> = []
    const getNonce = async () => {
      let resolve!: () => void
      const gate = { promise: new Promise<void>((r) => (resolve = r)), resolve: () => resolve() }
      gates.push(gate)
      const res = await fetch(`${api.url}/auth/v1/nonce?projectId=test-project`)
      const { nonce } = (await res.json()) as { nonce: string }
      await gate.promise
      return nonce
    }
    const wallet = await startWallet(true)
    const modal = await startPage({ getNonce })
    const connector = modal.get(WalletConnectTokens.Connector)
    const client = await connector.signClient()
    const authenticate = client.authenticate!.bind(client)
    const calls = { started: 0, settled: 0 }
    client.authenticate = async (params) => {
      calls.started++
      try {
        return await authenticate(params)
      } finally {
        calls.settled++
      }
    }
    const abandoned = modal.connection.connect('walletConnect', 'eip155')
    abandoned.catch(() => undefined)
    connector.pairing.cancel()
    let outcome: { ok?: true; error?: unknown } | undefined
    void modal.connection.connect('walletConnect', 'eip155').then(() => (outcome = { ok: true }), (error: unknown) => (outcome = { error }))
    await expect(abandoned).rejects.toThrow('Pairing cancelled')
    await vi.waitFor(() => expect(gates.length).toBeGreaterThan(0), DEADLINE)
    // Both attempts share the loaded client and modules: a second nonce request, if any, is made within these turns.
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve))
    for (const gate of [...gates].reverse()) {
      gate.resolve()
      await vi.waitFor(() => expect(calls.started).toBeGreaterThan(0), DEADLINE)
      await vi.waitFor(() => expect(calls.settled).toBe(calls.started), DEADLINE)
    }
    expect(gates).toHaveLength(1)
    expect(calls.started).toBe(1)
    await vi.waitFor(() => expect(connector.pairing.state.status).toBe('ready'), DEADLINE)

    await wallet.pair((connector.pairing.state as { uri: string }).uri)
    await vi.waitFor(() => expect(wallet.getSnapshot().authRequests).toHaveLength(1), DEADLINE)
    await wallet.approveAuthRequest(wallet.getSnapshot().authRequests[0]!.id)
    await vi.waitFor(() => expect(outcome).toEqual({ ok: true }), DEADLINE)
    await vi.waitFor(() => expect(siwxState(modal).session?.caipAddress).toBe(CAIP_ADDRESS), DEADLINE)
  })

  it('the wallet rejecting the sign-in: "Signature declined", and the modal stays usable (a retry connects)', async () => {
    const wallet = await startWallet(true)
    const modal = await startPage()
    const first = await pairWith(modal, wallet)
    await vi.waitFor(() => expect(wallet.getSnapshot().authRequests).toHaveLength(1), DEADLINE)
    await wallet.rejectAuthRequest(wallet.getSnapshot().authRequests[0]!.id)
    await vi.waitFor(() => expect(first.settled()?.error).toBeDefined(), DEADLINE)
    expect((first.settled()!.error as Error).message).toBe('Signature declined')
    const pairing = modal.get(WalletConnectTokens.Connector).pairing
    expect(pairing.state.status).toBe('error')
    expect(modal.state.accounts.getSnapshot().byNamespace.eip155?.address).toBeUndefined()
    expect(siwxState(modal).session).toBeUndefined()

    // Retry is allowed 1 s after the error (SPEC §9): a new offer, approved this time.
    await vi.waitFor(() => expect(pairing.canRetry()).toBe(true), DEADLINE)
    const second = await pairWith(modal, wallet)
    expect(second.uri).not.toBe(first.uri)
    await vi.waitFor(() => expect(wallet.getSnapshot().authRequests).toHaveLength(1), DEADLINE)
    await wallet.approveAuthRequest(wallet.getSnapshot().authRequests[0]!.id)
    await vi.waitFor(() => expect(second.settled()).toEqual({ ok: true }), DEADLINE)
    await vi.waitFor(() => expect(siwxState(modal).session?.caipAddress).toBe(CAIP_ADDRESS), DEADLINE)
  })

  it('a cacao for a domain the server does not serve is refused: connected, no session, the SIWX dialog asks in two steps', async () => {
    const wallet = await startWallet(true)
    const modal = await startPage({ domain: 'evil.example', uri: 'https://evil.example/' })
    const { settled } = await pairWith(modal, wallet)
    await vi.waitFor(() => expect(wallet.getSnapshot().authRequests).toHaveLength(1), DEADLINE)
    expect(wallet.getSnapshot().authRequests[0]!.message).toContain('evil.example wants you to sign in')
    await wallet.approveAuthRequest(wallet.getSnapshot().authRequests[0]!.id)
    await vi.waitFor(() => expect(settled()).toEqual({ ok: true }), DEADLINE)
    // The backend refused the cacao (domain not served): the sign-in falls back to the dialog, which asks the wallet.
    await vi.waitFor(() => expect(modal.router.current.view).toBe('SIWXSignMessage'), DEADLINE)
    expect(siwxState(modal).session).toBeUndefined()
    await vi.waitFor(() => expect(wallet.getSnapshot().requests.map((r) => r.method)).toEqual(['personal_sign']), DEADLINE)
    await wallet.approveRequest(wallet.getSnapshot().requests[0]!)
    await vi.waitFor(() => expect(siwxState(modal)).toMatchObject({ status: 'error', error: 'Signature declined', detail: 'Sign-in is not enabled for the domain evil.example' }), DEADLINE)
  })

  it('a wallet without one-click support approves the fallback proposal; the SIWX step follows as before', async () => {
    const wallet = await startWallet(false)
    const modal = await startPage()
    const { settled, oneClick } = await pairWith(modal, wallet)
    expect(oneClick).toBe(true)
    await vi.waitFor(() => expect(wallet.getSnapshot().proposals).toHaveLength(1), DEADLINE)
    expect(wallet.getSnapshot().authRequests).toEqual([])
    await wallet.approveProposal(wallet.getSnapshot().proposals[0]!.id)
    await vi.waitFor(() => expect(settled()).toEqual({ ok: true }), DEADLINE)
    // Two steps: the SIWX dialog opens and (universal authentication) asks the wallet for personal_sign.
    await vi.waitFor(() => expect(modal.router.current.view).toBe('SIWXSignMessage'), DEADLINE)
    expect(siwxState(modal).session).toBeUndefined()
    await vi.waitFor(() => expect(wallet.getSnapshot().requests.map((r) => r.method)).toEqual(['personal_sign']), DEADLINE)
    await wallet.approveRequest(wallet.getSnapshot().requests[0]!)
    await vi.waitFor(() => expect(siwxState(modal).session?.caipAddress).toBe(CAIP_ADDRESS), DEADLINE)
    expect(siwxState(modal).session?.message).not.toContain('I further authorize')
  })
})
