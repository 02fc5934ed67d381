// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryAdapter, createModal, type Modal, type StorageAdapter } from 'portico'
import { isConnected } from '../../tests/probe-plugin.ts'
import { eip155 } from 'portico/plugins/eip155'
import { solana } from 'portico/plugins/solana'
import { bip122, bitcoinRegtest } from 'portico/plugins/bip122'
import { cosmos } from 'portico/plugins/cosmos'
import { polkadot } from 'portico/plugins/polkadot'
import type { SignClientLike, WcSession } from './connector.ts'
import { walletConnect, WalletConnectTokens } from './index.ts'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL_CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const RPC = 'http://127.0.0.1:9/rpc'

const both = (): WcSession => ({
  topic: 'topic-1',
  namespaces: {
    eip155: { chains: ['eip155:31337'], accounts: [`eip155:31337:${EVM}`], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] },
    solana: { chains: [SOL_CHAIN], accounts: [`${SOL_CHAIN}:${SOL}`], methods: ['solana_signMessage', 'solana_signTransaction'], events: [] },
  },
  peer: { metadata: { name: 'Multi Wallet', icons: [] } },
})

/** UNIT-test stand-in for sign-client: proposals settled by hand, events emitted on demand. */
class FakeClient implements SignClientLike {
  core = { verify: {} }
  sessions: WcSession[] = []
  readonly proposals: Array<{ params: { optionalNamespaces: Record<string, { chains: string[]; methods: string[] }> }; approve(s: WcSession): void; reject(e: unknown): void }> = []
  readonly requests: Array<{ chainId: string; request: { method: string } }> = []
  readonly disconnects: string[] = []
  private readonly listeners = new Map<string, Set<(arg: never) => void>>()
  session = { getAll: () => this.sessions }
  async connect(params: never) {
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
    return { uri: `wc:p${this.proposals.length}@2?relay-protocol=irn&symKey=abc`, approval: () => answer }
  }
  async request<T>(args: { chainId: string; request: { method: string } }): Promise<T> {
    this.requests.push(args)
    return { signature: 'sig' } as T
  }
  async disconnect(args: { topic: string }) {
    this.disconnects.push(args.topic)
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
    for (const l of this.listeners.get(event) ?? []) (l as (a: unknown) => void)(arg)
  }
}

let modals: Modal[] = []
afterEach(() => {
  for (const m of modals) m.destroy()
  modals = []
})

async function setup(opts: { storage?: StorageAdapter; client?: FakeClient; solanaPlugin?: boolean } = {}) {
  const client = opts.client ?? new FakeClient()
  const modal = createModal({
    storage: opts.storage ?? createMemoryAdapter(),
    metadata: { name: 'Test dapp', url: 'http://127.0.0.1' },
    plugins: [
      eip155({ networks: [{ id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [RPC] } } }], builtinNetworks: false, legacyInjected: false }),
      ...(opts.solanaPlugin === false ? [] : [solana({ cluster: { rpcUrl: RPC, caipNetworkId: SOL_CHAIN }, builtinNetworks: false })]),
      walletConnect({ projectId: 'test', createSignClient: async () => client }),
    ],
  })
  modals.push(modal)
  await modal.ready
  return { modal, client }
}

async function pairBoth(modal: Modal, client: FakeClient, session = both()) {
  const pending = modal.connection.connect('walletConnect', 'eip155')
  await vi.waitFor(() => expect(client.proposals).toHaveLength(1))
  client.proposals[0]!.approve(session)
  await pending
  await vi.waitFor(() => expect(isConnected(modal, 'solana')).toBe(true))
}

const connectionIds = (modal: Modal) => modal.state.connection.getSnapshot().activeConnectorIds

describe('WalletConnect across namespaces', () => {
  it('one proposal asks for eip155 and solana together, with each namespace\'s methods', async () => {
    const { modal, client } = await setup()
    void modal.connection.connect('walletConnect', 'eip155').catch(() => undefined)
    await vi.waitFor(() => expect(client.proposals).toHaveLength(1))
    const { optionalNamespaces } = client.proposals[0]!.params
    expect(Object.keys(optionalNamespaces).sort()).toEqual(['eip155', 'solana'])
    expect(optionalNamespaces.solana).toMatchObject({ chains: [SOL_CHAIN], methods: expect.arrayContaining(['solana_signMessage', 'solana_signTransaction']) })
    expect(optionalNamespaces.eip155!.chains).toEqual(['eip155:31337'])
  })

  it('an approved session with both namespaces gives both connections from one pairing; the first stays active', async () => {
    const { modal, client } = await setup()
    await pairBoth(modal, client)
    expect(client.proposals).toHaveLength(1)
    expect(connectionIds(modal)).toEqual({ eip155: 'walletConnect', solana: 'walletConnect' })
    const accounts = modal.state.accounts.getSnapshot().byNamespace
    expect(accounts.eip155?.address).toBe(EVM)
    expect(accounts.solana?.address).toBe(SOL)
    expect(accounts.solana?.caipAddress).toBe(`${SOL_CHAIN}:${SOL}`)
    expect(modal.state.network.getSnapshot().activeNamespace).toBe('eip155')
    // Requests go to the session with each namespace's chain.
    await modal.request('solana:signMessage', { message: 'hi' })
    expect(client.requests.at(-1)).toMatchObject({ chainId: SOL_CHAIN, request: { method: 'solana_signMessage' } })
  })

  it('issue 25 §5: the modal closes once every namespace of the session is connected, and the host stays on its eip155 network', async () => {
    const { modal, client } = await setup()
    modal.open()
    const pending = modal.connection.connect('walletConnect', 'eip155')
    await vi.waitFor(() => expect(client.proposals).toHaveLength(1))
    client.proposals[0]!.approve(both())
    await pending
    // What the pairing view does when the connect resolves.
    modal.router.reset('Account')
    await vi.waitFor(() => expect(modal.state.modal.getSnapshot().open).toBe(false))
    expect(connectionIds(modal)).toEqual({ eip155: 'walletConnect', solana: 'walletConnect' })
    expect(modal.state.network.getSnapshot().activeNamespace).toBe('eip155')
    expect(modal.connection.active()?.address).toBe(EVM)
  })

  it('a session with eip155 only connects eip155 only', async () => {
    const { modal, client } = await setup()
    const session = both()
    delete session.namespaces.solana
    const pending = modal.connection.connect('walletConnect', 'eip155')
    await vi.waitFor(() => expect(client.proposals).toHaveLength(1))
    client.proposals[0]!.approve(session)
    await pending
    await Promise.resolve()
    expect(connectionIds(modal)).toEqual({ eip155: 'walletConnect' })
    expect(modal.get(WalletConnectTokens.Connector).pendingNamespaces).toEqual([])
  })

  it('a namespace the host has no chain plugin for is not connected', async () => {
    const { modal, client } = await setup({ solanaPlugin: false })
    const pending = modal.connection.connect('walletConnect', 'eip155')
    await vi.waitFor(() => expect(client.proposals).toHaveLength(1))
    expect(Object.keys(client.proposals[0]!.params.optionalNamespaces)).toEqual(['eip155'])
    client.proposals[0]!.approve(both())
    await pending
    expect(modal.get(WalletConnectTokens.Connector).pendingNamespaces).toEqual([])
    expect(connectionIds(modal)).toEqual({ eip155: 'walletConnect' })
  })

  it('session delete disconnects every namespace of the session', async () => {
    const { modal, client } = await setup()
    await pairBoth(modal, client)
    client.emit('session_delete', { topic: 'topic-1' })
    expect(connectionIds(modal)).toEqual({})
    expect(isConnected(modal)).toBe(false)
  })

  it('session update: accounts change per namespace, and a namespace the update drops is disconnected', async () => {
    const { modal, client } = await setup()
    await pairBoth(modal, client)
    const OTHER_SOL = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
    const updated = both().namespaces
    updated.solana!.accounts = [`${SOL_CHAIN}:${OTHER_SOL}`]
    client.emit('session_update', { topic: 'topic-1', params: { namespaces: updated } })
    expect(modal.state.accounts.getSnapshot().byNamespace.solana?.address).toBe(OTHER_SOL)

    const dropped = both().namespaces
    delete dropped.solana
    client.emit('session_update', { topic: 'topic-1', params: { namespaces: dropped } })
    expect(connectionIds(modal)).toEqual({ eip155: 'walletConnect' })
    expect(isConnected(modal, 'solana')).toBe(false)
  })

  it('disconnecting one namespace ends the session, and with it the other namespace', async () => {
    const { modal, client } = await setup()
    await pairBoth(modal, client)
    await modal.connection.disconnect('solana')
    expect(client.disconnects).toEqual(['topic-1'])
    await vi.waitFor(() => expect(connectionIds(modal)).toEqual({}))
  })

  it('disconnect all ends the session once and clears both namespaces', async () => {
    const { modal, client } = await setup()
    await pairBoth(modal, client)
    await modal.connection.disconnect()
    expect(client.disconnects).toEqual(['topic-1'])
    expect(connectionIds(modal)).toEqual({})
  })

  it('after a reload both namespaces are restored from the stored session without pairing', async () => {
    const storage = createMemoryAdapter()
    const first = await setup({ storage })
    await pairBoth(first.modal, first.client)
    first.modal.destroy()
    const client = new FakeClient()
    client.sessions = [both()]
    const { modal } = await setup({ storage, client })
    await vi.waitFor(() => expect(connectionIds(modal)).toEqual({ eip155: 'walletConnect', solana: 'walletConnect' }))
    expect(client.proposals).toHaveLength(0)
    expect(modal.state.accounts.getSnapshot().byNamespace.solana?.address).toBe(SOL)
  })
})

describe('WalletConnect with the bip122, cosmos and polkadot plugins', () => {
  const BTC_CHAIN = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
  const BTC = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'
  const COSMOS_CHAIN = 'cosmos:portico-local-1'
  const COSMOS = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'
  const DOT_CHAIN = 'polkadot:45454545454545454545454545454545'
  const DOT = 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'

  /** Answers each namespace's signing method as the WalletConnect RPC references shape it. */
  class Answering extends FakeClient {
    override async request<T>(args: { chainId: string; request: { method: string } }): Promise<T> {
      this.requests.push(args)
      const answers: Record<string, unknown> = {
        signMessage: { address: BTC, signature: '0a0b' },
        cosmos_signAmino: { signature: { pub_key: { type: 'tendermint/PubKeySecp256k1', value: 'AA==' }, signature: 'c2ln' }, signed: {} },
        polkadot_signMessage: { signature: '0x0102' },
      }
      return answers[args.request.method] as T
    }
  }

  async function setupAll(client = new Answering()) {
    const modal = createModal({
      storage: createMemoryAdapter(),
      metadata: { name: 'Test dapp', url: 'http://127.0.0.1' },
      plugins: [
        eip155({ networks: [{ id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [RPC] } } }], builtinNetworks: false, legacyInjected: false }),
        bip122({ networks: [bitcoinRegtest('http://127.0.0.1:9')], builtinNetworks: false }),
        cosmos({ networks: [{ chainId: 'portico-local-1', name: 'Portico Cosmos', rpcUrl: RPC, denom: 'ustake', symbol: 'STAKE' }], wallets: [] }),
        polkadot({ chain: { wsUrl: 'ws://127.0.0.1:9', caipNetworkId: DOT_CHAIN, ss58Prefix: 2 }, injectedWeb3: () => undefined }),
        walletConnect({ projectId: 'test', createSignClient: async () => client }),
      ],
    })
    modals.push(modal)
    await modal.ready
    return { modal, client }
  }

  it('the proposal asks for each composed namespace with WalletConnect\'s methods for it (an eip155-only host asks for eip155 only)', async () => {
    const { modal, client } = await setupAll()
    void modal.connection.connect('walletConnect', 'eip155').catch(() => undefined)
    await vi.waitFor(() => expect(client.proposals).toHaveLength(1))
    const { optionalNamespaces } = client.proposals[0]!.params
    expect(Object.keys(optionalNamespaces).sort()).toEqual(['bip122', 'cosmos', 'eip155', 'polkadot'])
    expect(optionalNamespaces.bip122).toMatchObject({ chains: [BTC_CHAIN], methods: expect.arrayContaining(['signMessage', 'signPsbt']) })
    expect(optionalNamespaces.cosmos).toMatchObject({ chains: [COSMOS_CHAIN], methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'] })
    expect(optionalNamespaces.polkadot).toMatchObject({ chains: [DOT_CHAIN], methods: ['polkadot_signTransaction', 'polkadot_signMessage'] })

    const { modal: evmOnly, client: evmClient } = await setup({ solanaPlugin: false })
    void evmOnly.connection.connect('walletConnect', 'eip155').catch(() => undefined)
    await vi.waitFor(() => expect(evmClient.proposals).toHaveLength(1))
    expect(Object.keys(evmClient.proposals[0]!.params.optionalNamespaces)).toEqual(['eip155'])
  })

  it('one session connects all four; each plugin\'s RPC goes to the session with its namespace\'s WalletConnect method and chain', async () => {
    const { modal, client } = await setupAll()
    const pending = modal.connection.connect('walletConnect', 'eip155')
    await vi.waitFor(() => expect(client.proposals).toHaveLength(1))
    client.proposals[0]!.approve({
      topic: 'topic-4',
      namespaces: {
        eip155: { chains: ['eip155:31337'], accounts: [`eip155:31337:${EVM}`], methods: ['personal_sign'], events: [] },
        bip122: { chains: [BTC_CHAIN], accounts: [`${BTC_CHAIN}:${BTC}`], methods: ['signMessage', 'signPsbt', 'getAccountAddresses'], events: [] },
        cosmos: { chains: [COSMOS_CHAIN], accounts: [`${COSMOS_CHAIN}:${COSMOS}`], methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'], events: [] },
        polkadot: { chains: [DOT_CHAIN], accounts: [`${DOT_CHAIN}:${DOT}`], methods: ['polkadot_signMessage', 'polkadot_signTransaction'], events: [] },
      },
      peer: { metadata: { name: 'Portico Demo Wallet', icons: [] } },
    })
    await pending
    await vi.waitFor(() => expect(connectionIds(modal)).toEqual({ eip155: 'walletConnect', bip122: 'walletConnect', cosmos: 'walletConnect', polkadot: 'walletConnect' }))
    const accounts = modal.state.accounts.getSnapshot().byNamespace
    expect([accounts.bip122?.address, accounts.cosmos?.address, accounts.polkadot?.address]).toEqual([BTC, COSMOS, DOT])

    // The wallet's hex signature is answered as base64, like the plugin's other wallets.
    expect(await modal.request('bip122:signMessage', { message: 'hi' })).toEqual({ address: BTC, signature: 'Cgs=', protocol: 'BIP322' })
    expect(client.requests.at(-1)).toMatchObject({ chainId: BTC_CHAIN, request: { method: 'signMessage' } })
    expect(await modal.request('cosmos:signArbitrary', { message: 'hi' })).toBe('c2ln')
    expect(client.requests.at(-1)).toMatchObject({ chainId: COSMOS_CHAIN, request: { method: 'cosmos_signAmino' } })
    expect(await modal.request('polkadot:signMessage', { message: 'hi' })).toEqual({ signature: '0x0102', address: DOT })
    expect(client.requests.at(-1)).toMatchObject({ chainId: DOT_CHAIN, request: { method: 'polkadot_signMessage' } })
    // A method the session did not approve: 4200, without asking the wallet.
    const before = client.requests.length
    await expect(modal.request('bip122:sendTransfer', { recipients: [{ address: BTC, amount: 1000 }] })).rejects.toThrow()
    expect(client.requests.length).toBe(before)
  })
})
