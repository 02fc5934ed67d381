/**
 * The demo wallet's logic: WalletKit on the local relay, the dev mnemonic's account 0, the dev chains. Proposals and
 * requests wait in a small observable state until the person approves or rejects them.
 */
import { Core } from '@walletconnect/core'
import { WalletKit } from '@reown/walletkit'
import { createWalletClient, http, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { DEV_WALLET_MNEMONIC } from 'portico/testing'
import { pointVerifyAtLocalRelay } from '../../stack/relay/verify-client.ts'
import type { StackConfig } from '../host/config.ts'

export const WALLET_NAME = 'Portico Demo Wallet'
/** What the wallet serves; anything else the dapp reads from its own RPC (SPEC §5). */
export const METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain']
export const EVENTS = ['accountsChanged', 'chainChanged']
const USER_REJECTED = { code: 4001, message: 'User rejected the request.' }
const PROPOSAL_REJECTED = { code: 5000, message: 'User rejected.' }
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }

export interface ProposalView {
  id: number
  dapp: string
  url: string
  chains: string[]
  /** The proposal as received, shown as text. */
  params: unknown
}

export interface RequestView {
  id: number
  topic: string
  chainId: string
  method: string
  params: unknown
  dapp: string
}

export interface SessionView {
  topic: string
  dapp: string
  accounts: string[]
}

export interface WalletState {
  ready: boolean
  proposals: ProposalView[]
  requests: RequestView[]
  sessions: SessionView[]
  log: string[]
  error?: string
}

type Kit = InstanceType<typeof WalletKit>
type ProposalParams = {
  id: number
  proposer: { metadata: { name: string; url: string } }
  requiredNamespaces?: Record<string, { chains?: string[] }>
  optionalNamespaces?: Record<string, { chains?: string[] }>
}

export class DemoWallet {
  readonly account = mnemonicToAccount(DEV_WALLET_MNEMONIC, { addressIndex: 0 })
  private state: WalletState = { ready: false, proposals: [], requests: [], sessions: [], log: [] }
  private readonly listeners = new Set<() => void>()
  private kit: Kit | undefined
  private readonly rawProposals = new Map<number, ProposalParams>()

  constructor(private readonly stack: StackConfig) {}

  get chains(): string[] {
    return this.stack.chains.map((c) => `eip155:${c.chainId}`)
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = () => this.state

  async init(): Promise<void> {
    if (!this.stack.relayUrl) throw new Error('No relay in /stack-config.js: start the stack with `npm run demo`')
    const core = new Core({
      projectId: this.stack.projectId,
      relayUrl: this.stack.relayUrl,
      customStoragePrefix: 'portico-demo-wallet',
      telemetryEnabled: false,
    })
    // The dapp's attestation is checked with the relay's key: without this the proposal never shows (relay README).
    pointVerifyAtLocalRelay(core, this.stack.relayUrl.replace(/^ws/, 'http'))
    const kit = await WalletKit.init({
      core,
      metadata: { name: WALLET_NAME, description: 'The Portico demo wallet (dev mnemonic, local chains)', url: location.origin, icons: [] },
    })
    this.kit = kit
    kit.on('session_proposal', ({ params }) => this.addProposal(params as unknown as ProposalParams))
    kit.on('session_request', ({ id, topic, params }) => this.addRequest(id, topic, params.chainId, params.request.method, params.request.params))
    kit.on('session_delete', ({ topic }) => {
      this.note(`Session ${topic.slice(0, 8)} ended by the app`)
      this.refresh()
    })
    for (const proposal of Object.values(kit.getPendingSessionProposals())) this.addProposal(proposal as unknown as ProposalParams)
    for (const r of kit.getPendingSessionRequests()) this.addRequest(r.id, r.topic, r.params.chainId, r.params.request.method, r.params.request.params)
    this.set({ ready: true })
    this.refresh()
  }

  /** Shows a problem the page cannot recover from (e.g. no relay configured). */
  fail(message: string): void {
    this.set({ error: message })
  }

  async pair(uri: string): Promise<void> {
    await this.run('pair', () => this.requireKit().pair({ uri: uri.trim() }))
  }

  async approveProposal(id: number): Promise<void> {
    const proposal = this.rawProposals.get(id)
    if (!proposal) return
    await this.run('approve', async () => {
      const chains = this.approvedChains(proposal)
      await this.requireKit().approveSession({
        id,
        namespaces: {
          eip155: { chains, accounts: chains.map((c) => `${c}:${this.account.address}`), methods: METHODS, events: EVENTS },
        },
      })
      this.note(`Connected to ${proposal.proposer.metadata.name}`)
    })
    this.dropProposal(id)
    this.refresh()
  }

  async rejectProposal(id: number): Promise<void> {
    await this.run('reject', () => this.requireKit().rejectSession({ id, reason: PROPOSAL_REJECTED }))
    this.dropProposal(id)
  }

  async approveRequest(request: RequestView): Promise<void> {
    await this.run('answer', async () => {
      const result = await this.execute(request)
      await this.requireKit().respondSessionRequest({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', result } })
      this.note(`${request.method} approved`)
    })
    this.dropRequest(request.id)
  }

  async rejectRequest(request: RequestView): Promise<void> {
    await this.run('reject', () =>
      this.requireKit().respondSessionRequest({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', error: USER_REJECTED } }),
    )
    this.dropRequest(request.id)
  }

  async disconnect(topic: string): Promise<void> {
    await this.run('disconnect', () => this.requireKit().disconnectSession({ topic, reason: USER_DISCONNECTED }))
    this.refresh()
  }

  /** Signs or sends what the request asks; throws for a method the wallet does not serve. */
  private async execute(request: RequestView): Promise<unknown> {
    const params = (Array.isArray(request.params) ? request.params : []) as unknown[]
    switch (request.method) {
      case 'personal_sign':
        return this.account.signMessage({ message: { raw: params[0] as Hex } })
      case 'eth_signTypedData_v4': {
        const data = typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]
        return this.account.signTypedData(data as Parameters<typeof this.account.signTypedData>[0])
      }
      case 'eth_sendTransaction': {
        const tx = params[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex }
        const chain = this.chainOf(request.chainId)
        const client = createWalletClient({ account: this.account, transport: http(chain.rpcUrl) })
        return client.sendTransaction({
          chain: { id: chain.chainId, name: chain.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } },
          to: tx.to,
          value: tx.value ? BigInt(tx.value) : undefined,
          data: tx.data,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        })
      }
      case 'wallet_switchEthereumChain': {
        const chainId = Number.parseInt((params[0] as { chainId: string }).chainId, 16)
        this.chainOf(`eip155:${chainId}`)
        await this.requireKit().emitSessionEvent({ topic: request.topic, event: { name: 'chainChanged', data: chainId }, chainId: `eip155:${chainId}` })
        return null
      }
      default:
        throw new Error(`${request.method} is not supported`)
    }
  }

  private chainOf(caipChainId: string) {
    const chain = this.stack.chains.find((c) => `eip155:${c.chainId}` === caipChainId)
    if (!chain) throw new Error(`Unknown chain ${caipChainId}`)
    return chain
  }

  /** The requested eip155 chains this wallet has (all of its chains when none match). */
  private approvedChains(proposal: ProposalParams): string[] {
    const requested = new Set<string>()
    for (const group of [proposal.requiredNamespaces, proposal.optionalNamespaces]) {
      for (const [key, ns] of Object.entries(group ?? {})) {
        if (key === 'eip155') for (const c of ns.chains ?? []) requested.add(c)
        else if (key.startsWith('eip155:')) requested.add(key)
      }
    }
    const matching = this.chains.filter((c) => requested.has(c))
    return matching.length ? matching : this.chains
  }

  private addProposal(params: ProposalParams): void {
    if (this.rawProposals.has(params.id)) return
    this.rawProposals.set(params.id, params)
    const view: ProposalView = {
      id: params.id,
      dapp: params.proposer.metadata.name,
      url: params.proposer.metadata.url,
      chains: this.approvedChains(params),
      params: { requiredNamespaces: params.requiredNamespaces, optionalNamespaces: params.optionalNamespaces },
    }
    this.set({ proposals: [...this.state.proposals, view] })
  }

  private addRequest(id: number, topic: string, chainId: string, method: string, params: unknown): void {
    if (this.state.requests.some((r) => r.id === id)) return
    const dapp = this.kit?.getActiveSessions()[topic]?.peer.metadata.name ?? 'Unknown app'
    this.set({ requests: [...this.state.requests, { id, topic, chainId, method, params, dapp }] })
  }

  private dropProposal(id: number): void {
    this.rawProposals.delete(id)
    this.set({ proposals: this.state.proposals.filter((p) => p.id !== id) })
  }

  private dropRequest(id: number): void {
    this.set({ requests: this.state.requests.filter((r) => r.id !== id) })
  }

  private refresh(): void {
    const sessions = Object.values(this.kit?.getActiveSessions() ?? {}).map((s) => ({
      topic: s.topic,
      dapp: s.peer.metadata.name,
      accounts: Object.values(s.namespaces).flatMap((n) => n.accounts),
    }))
    const topics = new Set(sessions.map((s) => s.topic))
    this.set({ sessions, requests: this.state.requests.filter((r) => topics.has(r.topic)) })
  }

  private async run(what: string, action: () => Promise<unknown>): Promise<void> {
    this.set({ error: undefined })
    try {
      await action()
    } catch (error) {
      const message = error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? error)
      this.set({ error: `Could not ${what}: ${message}` })
    }
  }

  private note(line: string): void {
    this.set({ log: [...this.state.log.slice(-19), line] })
  }

  private requireKit(): Kit {
    if (!this.kit) throw new Error('The wallet is still starting')
    return this.kit
  }

  private set(patch: Partial<WalletState>): void {
    this.state = { ...this.state, ...patch }
    for (const listener of [...this.listeners]) listener()
  }
}
