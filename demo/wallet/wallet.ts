/**
 * The demo wallet's logic: WalletKit on the local relay, the dev mnemonic's account 0, the dev chains (eip155, the
 * local Solana cluster, and the bip122, cosmos and polkadot local chains through namespaces.ts). Proposals and
 * requests wait in a small observable state until the person approves or rejects them.
 */
import { Core } from '@walletconnect/core'
import { WalletKit } from '@reown/walletkit'
import { createWalletClient, http, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { base58, base64 } from '@scure/base'
import { DEV_WALLET_MNEMONIC, solanaDevKey } from 'portico/testing'
import { pointVerifyAtLocalRelay } from '../../stack/relay/verify-client.ts'
import type { StackConfig } from '../host/config.ts'
import { invalidParams, namespaceSigners, RequestError, type NamespaceSigner } from './namespaces.ts'

export { BIP122_METHODS, COSMOS_METHODS, POLKADOT_METHODS } from './namespaces.ts'
export { RequestError }

export const WALLET_NAME = 'Portico Demo Wallet'
/** What the wallet serves; anything else the dapp reads from its own RPC (SPEC §5). */
export const METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain']
export const EVENTS = ['accountsChanged', 'chainChanged']
/** The Solana methods it serves on the local cluster (the dapp sends a signed transaction over its own RPC). */
export const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction']
const USER_REJECTED = { code: 4001, message: 'User rejected the request.' }
/** JSON-RPC / EIP-1193 codes a failed request is answered with (the dapp must never wait for an answer). */
export const RequestErrorCode = { UNSUPPORTED_METHOD: 4200, UNRECOGNIZED_CHAIN: 4902, INVALID_PARAMS: -32602, INTERNAL: -32603 } as const

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

/** An account the wallet offers in a namespace besides eip155 (shown on the page). */
export interface NamespaceAccount {
  namespace: string
  chain: string
  address: string
}

/** A one-click sign-in (`wc_sessionAuthenticate`): connect and sign in with one approval. */
export interface AuthRequestView {
  id: number
  dapp: string
  url: string
  /** The requested chains this wallet has; it signs in on the first. */
  chains: string[]
  /** The sign-in message it would sign. */
  message: string
}

export interface SessionView {
  topic: string
  dapp: string
  accounts: string[]
}

export interface WalletState {
  ready: boolean
  proposals: ProposalView[]
  authRequests: AuthRequestView[]
  requests: RequestView[]
  sessions: SessionView[]
  /** Its bip122, cosmos and polkadot accounts, once their keys are derived. */
  accounts: NamespaceAccount[]
  log: string[]
  error?: string
}

type Kit = InstanceType<typeof WalletKit>
type AuthPayload = {
  chains: string[]
  domain: string
  aud: string
  nonce: string
  version: string
  iat: string
  exp?: string
  nbf?: string
  statement?: string
  requestId?: string
  resources?: string[]
  type?: string
}
type AuthRequestParams = { id: number; params: { requester: { metadata: { name: string; url: string } }; authPayload: AuthPayload } }

export interface DemoWalletOptions {
  /**
   * Answers one-click sign-ins (`session_authenticate`). @default true. Off, the wallet is one that does not support
   * them: it sees only the fallback session proposal, as an older wallet would.
   */
  oneClick?: boolean
}
type ProposalParams = {
  id: number
  proposer: { metadata: { name: string; url: string } }
  requiredNamespaces?: Record<string, { chains?: string[] }>
  optionalNamespaces?: Record<string, { chains?: string[] }>
}

export class DemoWallet {
  readonly account = mnemonicToAccount(DEV_WALLET_MNEMONIC, { addressIndex: 0 })
  /** Solana account 0 of the dev mnemonic (m/44'/501'/0'/0'), funded on the local cluster. */
  readonly solanaAccount = solanaDevKey(0)
  /** The bip122, cosmos and polkadot sides, for the local chains the stack runs. */
  readonly signers: NamespaceSigner[]
  private state: WalletState = { ready: false, proposals: [], authRequests: [], requests: [], sessions: [], accounts: [], log: [] }
  private readonly listeners = new Set<() => void>()
  private kit: Kit | undefined
  private readonly rawProposals = new Map<number, ProposalParams>()
  private readonly rawAuthRequests = new Map<number, AuthPayload>()

  constructor(
    private readonly stack: StackConfig,
    private readonly options: DemoWalletOptions = {},
  ) {
    this.signers = namespaceSigners(stack)
  }

  get chains(): string[] {
    return this.stack.chains.map((c) => `eip155:${c.chainId}`)
  }

  /** The Solana chains it has: the stack's local cluster, when it runs one. */
  get solanaChains(): string[] {
    return this.stack.solana ? [this.stack.solana.caipNetworkId] : []
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
    this.attach(kit)
  }

  /** Serves proposals and requests of an initialised WalletKit (init's second half; tests hand in their own kit). */
  attach(kit: Kit): void {
    this.kit = kit
    kit.on('session_proposal', ({ params }) => this.addProposal(params as unknown as ProposalParams))
    // A wallet with a session_authenticate listener answers one-click sign-ins; sign-client then ignores the
    // fallback proposal sent with them. Without it, only the proposal arrives.
    if (this.options.oneClick !== false) {
      kit.on('session_authenticate', (request) => this.addAuthRequest(request as unknown as AuthRequestParams))
    }
    kit.on('session_request', ({ id, topic, params }) => this.addRequest(id, topic, params.chainId, params.request.method, params.request.params))
    kit.on('session_delete', ({ topic }) => {
      this.note(`Session ${topic.slice(0, 8)} ended by the app`)
      this.refresh()
    })
    for (const proposal of Object.values(kit.getPendingSessionProposals())) this.addProposal(proposal as unknown as ProposalParams)
    for (const r of kit.getPendingSessionRequests()) this.addRequest(r.id, r.topic, r.params.chainId, r.params.request.method, r.params.request.params)
    this.set({ ready: true })
    this.refresh()
    void this.loadAccounts().catch((error: unknown) => this.fail(`Could not derive the keys: ${error instanceof Error ? error.message : String(error)}`))
  }

  /** Derives the bip122, cosmos and polkadot accounts (the signing libraries load on first use). */
  async loadAccounts(): Promise<NamespaceAccount[]> {
    const accounts = await Promise.all(
      this.signers.flatMap((s) => s.chains.map(async (chain) => ({ namespace: s.namespace, chain, address: await s.address() }))),
    )
    if (accounts.length !== this.state.accounts.length) this.set({ accounts })
    return accounts
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
      const solana = requestedChains(proposal, 'solana', this.solanaChains)
      const others: Record<string, { chains: string[]; accounts: string[]; methods: string[]; events: string[] }> = {}
      for (const signer of this.signers) {
        const approved = requestedChains(proposal, signer.namespace, signer.chains)
        if (!approved.length) continue
        const address = await signer.address()
        others[signer.namespace] = { chains: approved, accounts: approved.map((c) => `${c}:${address}`), methods: [...signer.methods], events: [] }
      }
      await this.requireKit().approveSession({
        id,
        namespaces: {
          eip155: { chains, accounts: chains.map((c) => `${c}:${this.account.address}`), methods: METHODS, events: EVENTS },
          // One session serves every namespace the dapp asked for whose local chain the wallet has.
          ...(solana.length && {
            solana: { chains: solana, accounts: solana.map((c) => `${c}:${this.solanaAccount.address}`), methods: SOLANA_METHODS, events: [] },
          }),
          ...others,
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

  /**
   * Approves a one-click sign-in: signs the CAIP-122 message on the first requested chain it has, with a ReCap
   * narrowed to the methods and chains it serves, and answers with the cacao; the app gets the session and the
   * sign-in together.
   */
  async approveAuthRequest(id: number): Promise<void> {
    const payload = this.rawAuthRequests.get(id)
    const view = this.state.authRequests.find((r) => r.id === id)
    if (!payload || !view) return
    await this.run('sign in', async () => {
      const { request, iss } = this.authPayloadFor(payload)
      const message = this.requireKit().formatAuthMessage({ request, iss })
      const signature = await this.account.signMessage({ message })
      const cacao = {
        h: { t: 'caip122' as const },
        p: { ...withoutUndefined({ domain: request.domain, aud: request.aud, version: request.version, nonce: request.nonce, iat: request.iat, exp: request.exp, nbf: request.nbf, statement: request.statement, requestId: request.requestId, resources: request.resources }), iss },
        s: { t: 'eip191' as const, s: signature },
      }
      await this.requireKit().approveSessionAuthenticate({ id, auths: [cacao] as never })
      this.note(`Signed in to ${view.dapp}`)
    })
    this.dropAuthRequest(id)
    this.refresh()
  }

  async rejectAuthRequest(id: number): Promise<void> {
    await this.run('reject', () => this.requireKit().rejectSessionAuthenticate({ id, reason: PROPOSAL_REJECTED }))
    this.dropAuthRequest(id)
  }

  /** The payload it signs: its own chains and methods in the ReCap (EIP-5573), signed on the first chain. */
  private authPayloadFor(payload: AuthPayload): { request: AuthPayload; iss: string } {
    const chains = payload.chains.filter((c) => this.chains.includes(c))
    if (!chains.length) throw new Error(`None of the chains ${payload.chains.join(', ')} is this wallet's`)
    const resources = [...(payload.resources ?? [])]
    const last = resources[resources.length - 1]
    if (last?.startsWith('urn:recap:')) {
      const requested = Object.keys(decodeRecapResource(last).att?.eip155 ?? {}).map((a) => a.replace(/^request\//, ''))
      const methods = requested.filter((m) => METHODS.includes(m))
      if (!methods.length) throw new Error(`None of the methods ${requested.join(', ')} is served by this wallet`)
      resources[resources.length - 1] = encodeRecapResource({ att: { eip155: Object.fromEntries(methods.sort().map((m) => [`request/${m}`, [{ chains }]])) } })
    }
    return { request: { ...payload, chains, resources: resources.length ? resources : undefined }, iss: `did:pkh:${chains[0]}:${this.account.address}` }
  }

  /**
   * Executes the request and answers it. A request that fails is answered with a JSON-RPC error (4200 unsupported
   * method, 4902 unknown chain, -32602 invalid params, -32603 anything else): the dapp never waits forever.
   */
  async approveRequest(request: RequestView): Promise<void> {
    let result: unknown
    try {
      result = await this.execute(request)
    } catch (error) {
      const answer = requestError(error)
      await this.run('answer', async () => {
        await this.respondError(request, answer)
        this.set({ error: `${request.method} failed: ${answer.message}` })
      })
      this.dropRequest(request.id)
      return
    }
    await this.run('answer', async () => {
      await this.requireKit().respondSessionRequest({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', result } })
      this.note(`${request.method} approved`)
    })
    this.dropRequest(request.id)
  }

  async rejectRequest(request: RequestView): Promise<void> {
    await this.run('reject', () => this.respondError(request, USER_REJECTED))
    this.dropRequest(request.id)
  }

  private respondError(request: Pick<RequestView, 'id' | 'topic'>, error: { code: number; message: string }): Promise<void> {
    return this.requireKit().respondSessionRequest({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', error } })
  }

  async disconnect(topic: string): Promise<void> {
    await this.run('disconnect', () => this.requireKit().disconnectSession({ topic, reason: USER_DISCONNECTED }))
    this.refresh()
  }

  /** Signs or sends what the request asks; throws a RequestError for a method or params the wallet cannot serve. */
  private async execute(request: RequestView): Promise<unknown> {
    const namespace = request.chainId.split(':')[0]
    if (namespace === 'solana') return this.executeSolana(request)
    const signer = this.signers.find((s) => s.namespace === namespace)
    if (signer) {
      if (!signer.chains.includes(request.chainId)) throw new RequestError(RequestErrorCode.UNRECOGNIZED_CHAIN, `Unrecognized chain ${request.chainId}`)
      return signer.execute(request.method, request.params)
    }
    if (!Array.isArray(request.params)) throw invalidParams(`${request.method} expects an array of params`)
    const params = request.params as unknown[]
    switch (request.method) {
      case 'personal_sign': {
        const message = params[0]
        if (typeof message !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(message)) throw invalidParams('personal_sign expects a hex message')
        return this.account.signMessage({ message: { raw: message as Hex } })
      }
      case 'eth_signTypedData_v4': {
        let data: unknown
        try {
          data = typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]
        } catch {
          throw invalidParams('eth_signTypedData_v4 expects typed data as JSON')
        }
        if (typeof data !== 'object' || data === null) throw invalidParams('eth_signTypedData_v4 expects typed data')
        try {
          return await this.account.signTypedData(data as Parameters<typeof this.account.signTypedData>[0])
        } catch (error) {
          throw invalidParams(`Invalid typed data: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
        }
      }
      case 'eth_sendTransaction': {
        const tx = params[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex } | undefined
        if (typeof tx !== 'object' || tx === null) throw invalidParams('eth_sendTransaction expects a transaction object')
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
        const hex = (params[0] as { chainId?: unknown } | undefined)?.chainId
        if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]+$/.test(hex)) throw invalidParams('wallet_switchEthereumChain expects { chainId: hex }')
        const chainId = Number.parseInt(hex, 16)
        this.chainOf(`eip155:${chainId}`)
        await this.requireKit().emitSessionEvent({ topic: request.topic, event: { name: 'chainChanged', data: chainId }, chainId: `eip155:${chainId}` })
        return null
      }
      default:
        throw new RequestError(RequestErrorCode.UNSUPPORTED_METHOD, `${request.method} is not supported`)
    }
  }

  /**
   * solana_signMessage ({ message: base58, pubkey }) → { signature: base58 }; solana_signTransaction ({ transaction:
   * base64 legacy or v0, pubkey }) → { signature, transaction } with this account's signature in its slot.
   */
  private async executeSolana(request: RequestView): Promise<unknown> {
    if (!this.solanaChains.includes(request.chainId)) throw new RequestError(RequestErrorCode.UNRECOGNIZED_CHAIN, `Unrecognized chain ${request.chainId}`)
    const params = (typeof request.params === 'object' && request.params !== null ? request.params : {}) as { message?: unknown; transaction?: unknown; pubkey?: unknown }
    const key = this.solanaAccount
    if (params.pubkey !== undefined && params.pubkey !== key.address) throw invalidParams(`Unknown account ${String(params.pubkey)}`)
    if (request.method === 'solana_signMessage') {
      let message: Uint8Array
      try {
        message = base58.decode(String(params.message ?? ''))
      } catch {
        throw invalidParams('solana_signMessage expects a base58 message')
      }
      if (!message.length) throw invalidParams('solana_signMessage expects a base58 message')
      return { signature: base58.encode(key.sign(message)) }
    }
    const { PublicKey, VersionedTransaction } = await import('@solana/web3.js')
    let tx: InstanceType<typeof VersionedTransaction>
    try {
      tx = VersionedTransaction.deserialize(base64.decode(String(params.transaction ?? '')))
    } catch {
      throw invalidParams('solana_signTransaction expects a base64 wire transaction')
    }
    const signers = tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures)
    if (!signers.some((k) => k.toBase58() === key.address)) throw invalidParams(`${key.address} is not a signer of this transaction`)
    const signature = key.sign(tx.message.serialize())
    tx.addSignature(new PublicKey(key.address), signature)
    return { signature: base58.encode(signature), transaction: base64.encode(tx.serialize()) }
  }

  private chainOf(caipChainId: string) {
    const chain = this.stack.chains.find((c) => `eip155:${c.chainId}` === caipChainId)
    if (!chain) throw new RequestError(RequestErrorCode.UNRECOGNIZED_CHAIN, `Unrecognized chain ${caipChainId}`)
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

  /** The methods it serves in a namespace. */
  private methodsOf(namespace: string): readonly string[] {
    if (namespace === 'eip155') return METHODS
    if (namespace === 'solana') return SOLANA_METHODS
    return this.signers.find((s) => s.namespace === namespace)?.methods ?? []
  }

  private addProposal(params: ProposalParams): void {
    if (this.rawProposals.has(params.id)) return
    this.rawProposals.set(params.id, params)
    const view: ProposalView = {
      id: params.id,
      dapp: params.proposer.metadata.name,
      url: params.proposer.metadata.url,
      chains: [
        ...this.approvedChains(params),
        ...requestedChains(params, 'solana', this.solanaChains),
        ...this.signers.flatMap((s) => requestedChains(params, s.namespace, s.chains)),
      ],
      params: { requiredNamespaces: params.requiredNamespaces, optionalNamespaces: params.optionalNamespaces },
    }
    this.set({ proposals: [...this.state.proposals, view] })
  }

  private addAuthRequest({ id, params }: AuthRequestParams): void {
    if (this.rawAuthRequests.has(id)) return
    this.rawAuthRequests.set(id, params.authPayload)
    let message: string
    let chains: string[] = []
    try {
      const { request, iss } = this.authPayloadFor(params.authPayload)
      chains = request.chains
      message = this.requireKit().formatAuthMessage({ request, iss })
    } catch (error) {
      message = `Cannot sign in: ${error instanceof Error ? error.message : String(error)}`
    }
    const view: AuthRequestView = { id, dapp: params.requester.metadata.name, url: params.requester.metadata.url, chains, message }
    this.set({ authRequests: [...this.state.authRequests, view] })
  }

  private dropAuthRequest(id: number): void {
    this.rawAuthRequests.delete(id)
    this.set({ authRequests: this.state.authRequests.filter((r) => r.id !== id) })
  }

  private addRequest(id: number, topic: string, chainId: string, method: string, params: unknown): void {
    if (this.state.requests.some((r) => r.id === id)) return
    // Nothing to approve: a method this wallet does not serve is answered at once.
    if (!this.methodsOf(chainId.split(':')[0] ?? '').includes(method)) {
      const error = { code: RequestErrorCode.UNSUPPORTED_METHOD, message: `${method} is not supported` }
      void this.run('answer', () => this.respondError({ id, topic }, error))
      return
    }
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

/**
 * The chains of `namespace` this wallet has that the proposal asks for (in the required or optional namespaces, as
 * the namespace's `chains` or a `<namespace>:<ref>` key).
 */
function requestedChains(proposal: ProposalParams, namespace: string, available: readonly string[]): string[] {
  const requested = new Set<string>()
  for (const group of [proposal.requiredNamespaces, proposal.optionalNamespaces]) {
    for (const [key, ns] of Object.entries(group ?? {})) {
      if (key === namespace) for (const c of ns.chains ?? []) requested.add(c)
      else if (key.startsWith(`${namespace}:`)) requested.add(key)
    }
  }
  return available.filter((c) => requested.has(c))
}

/** A ReCap resource's object (EIP-5573: `urn:recap:` + base64 JSON without padding). */
function decodeRecapResource(resource: string): { att?: Record<string, Record<string, unknown>> } {
  const b64 = resource.slice('urn:recap:'.length).replace(/-/g, '+').replace(/_/g, '/')
  return JSON.parse(new TextDecoder().decode(base64.decode(b64 + '='.repeat((4 - (b64.length % 4)) % 4)))) as { att?: Record<string, Record<string, unknown>> }
}

function encodeRecapResource(recap: unknown): string {
  return `urn:recap:${base64.encode(new TextEncoder().encode(JSON.stringify(recap))).replace(/=/g, '')}`
}

function withoutUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T
}

/** The JSON-RPC error a failed request is answered with: its own code when it has one, else -32603. */
export function requestError(error: unknown): { code: number; message: string } {
  if (error instanceof RequestError) return { code: error.code, message: error.message }
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown }
  const text = typeof message === 'string' && message ? message.split('\n')[0]! : String(error)
  return { code: typeof code === 'number' && Number.isInteger(code) ? code : RequestErrorCode.INTERNAL, message: text }
}
