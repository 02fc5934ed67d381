/**
 * EIP-7702 for the embedded wallet's EOA (issue 29 part 2). On a chain where the secure site knows the stack's delegate
 * (stack/chain/7702/PorticoDelegate.sol, on Prague dev chains), the user's EOA can be upgraded: after the frame's
 * panel explained it and the user approved, `portico_setDelegation` signs an EIP-7702 authorization for the session's
 * chain. With a sponsor that agrees (its policy's `eip7702Upgrades`), the authorization rides in a sponsored ERC-4337
 * user operation (EntryPoint v0.8's 0x7702 marker) and a user with 0 ETH can upgrade; otherwise, and always for a
 * revoke, the EOA sends it in a type-4 transaction to itself and pays. The EOA keeps its address and its key; its
 * account type stays `eoa` (SPEC §3/§4 know two types: externally owned and smart account), and while its code points
 * at the delegate:
 * - `wallet_sendCalls` runs the batch atomically (`executeBatch`: a reverting call reverts them all), so SPEC §8's
 *   5760 no longer applies to it;
 * - with a sponsor (an ERC-7677 paymaster service, stack/sponsor; chosen as for the smart account: the host's
 *   `paymasterUrl`, else `<sponsorUrl>/<projectId>`) the batch goes as an ERC-4337 user operation through
 *   the bundler and the paymaster pays; without one, or when the sponsor refuses a batch it was not explicitly asked
 *   for, the EOA pays, in a transaction to itself;
 * - `portico_setDelegation` with address 0 revokes (the EOA's code is cleared).
 * Only the secure site's own delegate is accepted: delegating to any other code would hand the account to it.
 * The key is opened only for a signature, as in rpc.ts.
 */
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  http,
  isAddressEqual,
  parseAbi,
  toHex,
  zeroAddress,
  type Address,
  type Chain,
  type Hex,
  type LocalAccount,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, createPaymasterClient, toSimple7702SmartAccount } from 'viem/account-abstraction'
import { RpcErrorCode } from './api-types.ts'
import { RpcError, type DelegationRpc, type RpcKeyOpener, type RpcUser } from './rpc.ts'
import { createMemoryEphemeral, type Ephemeral } from './ephemeral.ts'
import { checkDelegationChain, DelegationRequestError, SET_DELEGATION_METHOD } from '../eip7702-request.ts'
import type { SigningRequest } from '../requests.ts'
import { paymasterFor, type SponsorshipOptions } from './sponsorship.ts'

/** EIP-7702 delegation designator: an EOA's code is `0xef0100 || delegate`. */
const DESIGNATOR_PREFIX = '0xef0100'
/** EIP-5792 status codes (as smart.ts). */
const STATUS = { PENDING: 100, CONFIRMED: 200, REVERTED: 500 } as const
const BATCH_TTL_MS = 3_600_000
const MAX_CALLS = 20
/** Shown by the panel and returned by capabilities: the name of the delegate the stack deploys. */
export const DELEGATE_NAME = 'Portico Delegate'
/** EIP-7677's capability name. */
const PAYMASTER_SERVICE = 'paymasterService'

const DELEGATE_ABI = parseAbi(['struct Call { address target; uint256 value; bytes data; }', 'function executeBatch(Call[] calls)'])

export type Eip7702Options = {
  /** The delegate per chain id (the stack/chain deployment's `contracts.porticoDelegate`): chains missing are not offered. */
  delegates: Record<string | number, Address>
  evmRpcUrls: Record<string | number, string>
  /** The ERC-4337 bundler (stack/bundler) for sponsored batches, for every chain or per chain. */
  bundlerUrl?: string | Record<string | number, string>
  /**
   * Which ERC-7677 sponsor pays by default, by the smart account's rule (sponsorship.ts `paymasterFor`): the host's
   * `paymasterUrl` (SYNC_DAPP_DATA), else `<sponsorUrl>/<projectId>`; `paymasterOrigins` narrows both. A request's own
   * `paymasterService` capability is honoured when its URL has the same origin as that default (the secure site
   * fetches it: any other host is refused rather than fetched).
   */
  sponsorUrl?: SponsorshipOptions['sponsorUrl']
  paymasterOrigins?: SponsorshipOptions['paymasterOrigins']
  /** How long a send waits for its receipt (default 60 s). */
  receiptTimeoutMs?: number
  pollMs?: number
  state?: Ephemeral
}

/** Who asks, for the sponsor: the session's project and the host's `paymasterUrl`, if it named one. */
export type SponsorContext = { projectId: string; paymasterUrl?: unknown }

type Batch = { sender: Address; chainId: number; kind: 'tx' | 'userOp'; hash: Hex }
type Call = { to: Address; value: bigint; data?: Hex }

const pick = <T>(r: Record<string | number, T> | undefined, id: number): T | undefined => r?.[id] ?? r?.[String(id)]
const asRecord = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {})

function errorText(e: unknown): string {
  const err = e as { details?: string; shortMessage?: string; message?: string }
  return err.details || err.shortMessage || err.message?.split('\n')[0] || 'Internal error'
}

/** The delegate an EIP-7702 code designates, or undefined for no code or other code. */
export function delegateOfCode(code: Hex | undefined): Address | undefined {
  if (!code || code.length !== 48 || !code.toLowerCase().startsWith(DESIGNATOR_PREFIX)) return undefined
  return getAddress(`0x${code.slice(8)}`)
}

export type Eip7702 = ReturnType<typeof createEip7702>

export function createEip7702(o: Eip7702Options) {
  const clients = new Map<number, { chain: Chain; client: PublicClient }>()
  const batches = o.state ?? createMemoryEphemeral()
  const receiptTimeoutMs = o.receiptTimeoutMs ?? 60_000
  const pollMs = o.pollMs ?? 250
  const bundlerUrlOf = (id: number) => (typeof o.bundlerUrl === 'string' ? o.bundlerUrl : pick(o.bundlerUrl, id))
  /** The sponsor that pays by default on chainId for this request's project and host, if a bundler serves the chain. */
  const defaultPaymaster = (ctx: SponsorContext, chainId: number): string | undefined =>
    bundlerUrlOf(chainId) ? paymasterFor(undefined, ctx.paymasterUrl, ctx.projectId, o)?.url : undefined

  const delegateOf = (chainId: number): Address | undefined => (pick(o.evmRpcUrls, chainId) ? pick(o.delegates, chainId) : undefined)
  const isOffered = (chainId: number) => delegateOf(chainId) !== undefined

  function chainOf(chainId: number): { chain: Chain; client: PublicClient } {
    let c = clients.get(chainId)
    if (!c) {
      const url = pick(o.evmRpcUrls, chainId)!
      const chain = defineChain({ id: chainId, name: `eip155:${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } })
      c = { chain, client: createPublicClient({ chain, transport: http(url) }) as PublicClient }
      clients.set(chainId, c)
    }
    return c
  }

  /** The delegate the EOA's code designates on chainId now (undefined: plain EOA, or a chain not offered). */
  async function delegationOf(eoa: string, chainId: number): Promise<Address | undefined> {
    if (!isOffered(chainId)) return undefined
    return delegateOfCode(await chainOf(chainId).client.getCode({ address: getAddress(eoa) }))
  }

  /** True when the EOA is delegated to the secure site's delegate on chainId: it then serves wallet_sendCalls. */
  async function isUpgraded(eoa: string, chainId: number): Promise<boolean> {
    const current = await delegationOf(eoa, chainId)
    return current !== undefined && isAddressEqual(current, delegateOf(chainId)!)
  }

  /** EIP-5792 capabilities of the EOA on chainId. */
  async function capabilities(eoa: string, chainId: number, ctx: SponsorContext): Promise<Record<string, unknown>> {
    const delegate = delegateOf(chainId)
    if (!delegate) return { atomic: { status: 'unsupported' } }
    const upgraded = await isUpgraded(eoa, chainId)
    let sponsored = false
    try {
      sponsored = upgraded && defaultPaymaster(ctx, chainId) !== undefined
    } catch {
      // A host paymasterUrl the site refuses: no sponsor to report (a send names the refusal).
    }
    return {
      atomic: { status: upgraded ? 'supported' : 'unsupported' },
      ...(sponsored ? { [PAYMASTER_SERVICE]: { supported: true } } : {}),
      // Not a standard capability: where an upgrade is possible (portico_setDelegation) and to what.
      portico_delegation: { status: upgraded ? 'active' : 'available', delegate, name: DELEGATE_NAME },
    }
  }

  async function waitTx(chainId: number, hash: Hex): Promise<'success' | 'reverted'> {
    const receipt = await chainOf(chainId).client.waitForTransactionReceipt({ hash, pollingInterval: pollMs, timeout: receiptTimeoutMs })
    return receipt.status
  }

  const signer = (keys: RpcKeyOpener): LocalAccount => privateKeyToAccount(`0x${Buffer.from(keys.evm()).toString('hex')}`)

  async function setDelegation(parsed: Extract<SigningRequest, { method: typeof SET_DELEGATION_METHOD }>, chainId: number, user: RpcUser, keys: RpcKeyOpener, ctx: SponsorContext) {
    try {
      checkDelegationChain(parsed, chainId)
    } catch (e) {
      if (e instanceof DelegationRequestError) throw new RpcError(e.code, e.message)
      throw e
    }
    const delegate = delegateOf(chainId)
    if (!delegate) throw new RpcError(RpcErrorCode.UNSUPPORTED_CHAIN, `EIP-7702 delegation is not offered on chain ${chainId}`)
    if (parsed.delegate && !isAddressEqual(parsed.delegate, delegate))
      throw new RpcError(RpcErrorCode.UNAUTHORIZED, `The embedded wallet delegates only to ${DELEGATE_NAME} (${delegate}) on chain ${chainId}, not to ${parsed.delegate}`)
    const account = signer(keys)
    if (!isAddressEqual(account.address, user.eip155Address as Address)) throw new RpcError(RpcErrorCode.UNAUTHORIZED, 'The key does not match the account of this session')
    // An upgrade goes first as a sponsored user operation carrying the authorization (EntryPoint v0.8's 7702 marker),
    // when a sponsor and a bundler serve the chain and the sponsor agrees. A revoke cannot: with the code cleared there
    // is no account code for the EntryPoint to call, so the EOA always pays it.
    let sponsorError: string | undefined
    const paymasterUrl = parsed.delegate ? defaultPaymaster(ctx, chainId) : undefined
    if (parsed.delegate && paymasterUrl) {
      try {
        const sponsored = await upgradeSponsored(account, chainId, delegate, paymasterUrl)
        const now = await delegationOf(account.address, chainId)
        if (!now || !isAddressEqual(now, delegate)) throw new RpcError(RpcErrorCode.INTERNAL, 'The authorization was not applied (the account nonce moved?)')
        return { transactionHash: sponsored.transactionHash, chainId: toHex(chainId), delegate: now, userOperationHash: sponsored.userOperationHash, sponsored: true }
      } catch (e) {
        if (e instanceof RpcError) throw e
        sponsorError = errorText(e)
      }
    }
    const { chain, client } = chainOf(chainId)
    if (sponsorError && (await client.getBalance({ address: account.address })) === 0n)
      throw new RpcError(RpcErrorCode.INTERNAL, `The sponsor did not pay for the upgrade (${sponsorError}) and the account has no ETH to pay for it itself`)
    const wallet = createWalletClient({ account, chain, transport: http(pick(o.evmRpcUrls, chainId)!) })
    let hash: Hex
    try {
      // executor 'self': the EOA sends the transaction carrying its own authorization, so the authorization's nonce is
      // the transaction's plus one.
      const authorization = await wallet.signAuthorization({ account, contractAddress: parsed.delegate ?? zeroAddress, executor: 'self' })
      hash = await wallet.sendTransaction({ account, chain, authorizationList: [authorization], to: account.address, data: '0x' })
    } catch (e) {
      throw new RpcError(RpcErrorCode.INTERNAL, sponsorError ? `${errorText(e)} (the sponsor did not pay either: ${sponsorError})` : errorText(e))
    }
    if ((await waitTx(chainId, hash)) !== 'success') throw new RpcError(RpcErrorCode.INTERNAL, 'The authorization transaction reverted')
    const now = await delegationOf(account.address, chainId)
    const expected = parsed.delegate ? delegate : undefined
    if ((now ?? null) !== (expected ? getAddress(expected) : null)) throw new RpcError(RpcErrorCode.INTERNAL, 'The authorization was not applied (the account nonce moved?)')
    return { transactionHash: hash, chainId: toHex(chainId), delegate: now ?? null, ...(sponsorError && { sponsored: false, reason: sponsorError }) }
  }

  /** A sponsored client for the EOA as a Simple7702 account (the delegate's code) through the bundler. */
  async function bundlerFor(account: LocalAccount, chainId: number, paymasterUrl: string) {
    const { client } = chainOf(chainId)
    const smart = await toSimple7702SmartAccount({ client, owner: account as Parameters<typeof toSimple7702SmartAccount>[0]['owner'], implementation: delegateOf(chainId)! })
    return createBundlerClient({
      account: smart,
      client,
      paymaster: createPaymasterClient({ transport: http(paymasterUrl) }),
      transport: http(bundlerUrlOf(chainId)!),
      pollingInterval: pollMs,
    })
  }

  /**
   * The upgrade as one sponsored user operation: the EOA's authorization (for the chain, at its current nonce: the
   * bundler's transaction carries it) rides in `eip7702Auth` with the factory marker 0x7702, and the operation makes no
   * call (`executeBatch([])`). The sponsor's policy decides (stack/sponsor: `eip7702Upgrades`).
   */
  async function upgradeSponsored(account: LocalAccount, chainId: number, delegate: Address, paymasterUrl: string): Promise<{ transactionHash: Hex; userOperationHash: Hex }> {
    const { chain } = chainOf(chainId)
    const wallet = createWalletClient({ account, chain, transport: http(pick(o.evmRpcUrls, chainId)!) })
    const authorization = await wallet.signAuthorization({ account, contractAddress: delegate })
    const bundler = await bundlerFor(account, chainId, paymasterUrl)
    const userOperationHash = await bundler.sendUserOperation({ calls: [], authorization })
    // The authorization applies even if the (empty) execution failed: the caller checks the code.
    const receipt = await bundler.waitForUserOperationReceipt({ hash: userOperationHash, pollingInterval: pollMs, timeout: receiptTimeoutMs })
    return { transactionHash: receipt.receipt.transactionHash, userOperationHash }
  }

  /** Which sponsor pays a batch: the request's paymasterService (same origin as the default one), else the default. */
  function sponsorOf(capabilities: Record<string, unknown>, chainId: number, ctx: SponsorContext): { url: string; explicit: boolean } | undefined {
    const fallback = defaultPaymaster(ctx, chainId)
    const paymasterOrigin = fallback ? new URL(fallback).origin : undefined
    const asked = asRecord(capabilities[PAYMASTER_SERVICE])
    if (capabilities[PAYMASTER_SERVICE] !== undefined) {
      const url = typeof asked.url === 'string' ? asked.url : undefined
      let origin: string | undefined
      try {
        origin = url ? new URL(url).origin : undefined
      } catch {
        origin = undefined
      }
      if (!url || !origin || origin !== paymasterOrigin || !bundlerUrlOf(chainId)) {
        if (asked.optional === true) return fallback ? { url: fallback, explicit: false } : undefined
        throw new RpcError(RpcErrorCode.UNSUPPORTED_CAPABILITY, `Unsupported capability: paymasterService at ${url ?? '(no url)'}: this wallet uses only its configured sponsor`)
      }
      return { url, explicit: asked.optional !== true }
    }
    return fallback ? { url: fallback, explicit: false } : undefined
  }

  async function sendSponsored(account: LocalAccount, chainId: number, calls: Call[], paymasterUrl: string): Promise<Hex> {
    const bundler = await bundlerFor(account, chainId, paymasterUrl)
    return bundler.sendUserOperation({ calls: calls.map((c) => ({ to: c.to, value: c.value, data: c.data ?? '0x' })) })
  }

  async function sendSelf(account: LocalAccount, chainId: number, calls: Call[]): Promise<Hex> {
    const { chain } = chainOf(chainId)
    const wallet = createWalletClient({ account, chain, transport: http(pick(o.evmRpcUrls, chainId)!) })
    const data = encodeFunctionData({ abi: DELEGATE_ABI, functionName: 'executeBatch', args: [calls.map((c) => ({ target: c.to, value: c.value, data: c.data ?? '0x' }))] })
    // To itself: the delegate's executeBatch accepts calls from the account itself (msg.sender == address(this)).
    return wallet.sendTransaction({ account, chain, to: account.address, data })
  }

  async function sendCalls(parsed: Extract<SigningRequest, { method: 'wallet_sendCalls' }>, chainId: number, user: RpcUser, keys: RpcKeyOpener, ctx: SponsorContext) {
    const me = getAddress(user.eip155Address)
    if (parsed.from && !isAddressEqual(parsed.from, me)) throw new RpcError(RpcErrorCode.UNAUTHORIZED, 'The requested account is not the account of this session')
    if (parsed.chainId !== undefined && Number(BigInt(parsed.chainId)) !== chainId)
      throw new RpcError(RpcErrorCode.UNSUPPORTED_CHAIN, `The request is for chain ${Number(BigInt(parsed.chainId))}, the session is on ${chainId}`)
    if (parsed.calls.length > MAX_CALLS) throw new RpcError(RpcErrorCode.BUNDLE_TOO_LARGE, `A bundle holds at most ${MAX_CALLS} calls`)
    for (const [name, capability] of Object.entries(parsed.capabilities)) {
      if (name !== PAYMASTER_SERVICE && asRecord(capability).optional !== true) throw new RpcError(RpcErrorCode.UNSUPPORTED_CAPABILITY, `Unsupported capability: ${name}`)
    }
    const requestedId = parsed.id
    if (requestedId && (await batches.get(`batch7702:${requestedId.toLowerCase()}`)) !== undefined) throw new RpcError(RpcErrorCode.DUPLICATE_ID, `Duplicate id: ${requestedId}`)
    const sponsor = sponsorOf(parsed.capabilities, chainId, ctx)
    const account = signer(keys)
    const calls: Call[] = parsed.calls.map((c) => ({ to: c.to!, value: c.value, ...(c.data ? { data: c.data } : {}) }))
    let batch: Batch | undefined
    let sponsorError: string | undefined
    if (sponsor) {
      try {
        batch = { sender: me, chainId, kind: 'userOp', hash: await sendSponsored(account, chainId, calls, sponsor.url) }
      } catch (e) {
        sponsorError = errorText(e)
        if (sponsor.explicit) throw new RpcError(RpcErrorCode.INTERNAL, `The sponsor did not pay for this batch: ${sponsorError}`)
      }
    }
    if (!batch) {
      try {
        batch = { sender: me, chainId, kind: 'tx', hash: await sendSelf(account, chainId, calls) }
      } catch (e) {
        const text = errorText(e)
        throw new RpcError(RpcErrorCode.INTERNAL, sponsorError ? `${text} (the sponsor did not pay either: ${sponsorError})` : text)
      }
    }
    const stored = JSON.stringify(batch)
    await batches.set(`batch7702:${batch.hash.toLowerCase()}`, stored, BATCH_TTL_MS)
    if (requestedId) await batches.set(`batch7702:${requestedId.toLowerCase()}`, stored, BATCH_TTL_MS)
    return { id: requestedId ?? batch.hash, ...(sponsor && batch.kind === 'tx' ? { capabilities: { [PAYMASTER_SERVICE]: { sponsored: false, reason: sponsorError } } } : {}) }
  }

  async function userOpReceipt(chainId: number, hash: Hex): Promise<{ success: boolean; receipt: { transactionHash: Hex; blockHash: Hex; blockNumber: Hex; gasUsed: Hex }; actualGasUsed?: Hex; logs?: Array<{ address: Address; data: Hex; topics: Hex[] }> } | null> {
    const res = await fetch(bundlerUrlOf(chainId)!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [hash] }),
    }).catch(() => undefined)
    if (!res?.ok) throw new RpcError(RpcErrorCode.INTERNAL, `Failed to fetch user operation receipt - ${res?.status ?? 'unreachable'}`)
    const body = (await res.json().catch(() => ({}))) as { result?: never }
    return body.result ?? null
  }

  async function callsStatus(id: unknown, chainId: number, user: RpcUser) {
    if (typeof id !== 'string' || id.length === 0 || id.length > 200) throw new RpcError(RpcErrorCode.INVALID_PARAMS, 'Invalid params: id must be a bundle id')
    const stored = await batches.get(`batch7702:${id.toLowerCase()}`)
    const b = stored === undefined ? undefined : (JSON.parse(stored) as Batch)
    if (!b || b.chainId !== chainId || !isAddressEqual(b.sender, user.eip155Address as Address)) throw new RpcError(RpcErrorCode.UNKNOWN_BUNDLE, 'Unknown bundle id')
    const base = { version: '2.0.0', id, chainId: toHex(chainId), atomic: true }
    if (b.kind === 'userOp') {
      const r = await userOpReceipt(chainId, b.hash)
      if (!r) return { ...base, status: STATUS.PENDING }
      return {
        ...base,
        status: r.success ? STATUS.CONFIRMED : STATUS.REVERTED,
        receipts: [{ logs: r.logs ?? [], status: r.success ? '0x1' : '0x0', blockHash: r.receipt.blockHash, blockNumber: r.receipt.blockNumber, gasUsed: r.actualGasUsed ?? r.receipt.gasUsed, transactionHash: r.receipt.transactionHash }],
      }
    }
    const r = await chainOf(chainId).client.getTransactionReceipt({ hash: b.hash }).catch(() => undefined)
    if (!r) return { ...base, status: STATUS.PENDING }
    const ok = r.status === 'success'
    return {
      ...base,
      status: ok ? STATUS.CONFIRMED : STATUS.REVERTED,
      receipts: [
        {
          logs: r.logs.map((l) => ({ address: l.address, data: l.data, topics: l.topics })),
          status: ok ? '0x1' : '0x0',
          blockHash: r.blockHash,
          blockNumber: toHex(r.blockNumber),
          gasUsed: toHex(r.gasUsed),
          transactionHash: r.transactionHash,
        },
      ],
    }
  }

  /**
   * Whether this module answers `method` for the user's EOA on chainId: the authorization request wherever a delegate
   * is offered; wallet_sendCalls while the EOA is upgraded; wallet_getCallsStatus for the ids it sent.
   */
  async function handles(method: string, params: unknown, chainId: number, user: RpcUser): Promise<boolean> {
    if (method === SET_DELEGATION_METHOD) return true
    if (!isOffered(chainId)) return false
    if (method === 'wallet_sendCalls') return isUpgraded(user.eip155Address, chainId)
    if (method === 'wallet_getCallsStatus') {
      const id = Array.isArray(params) ? params[0] : undefined
      return typeof id === 'string' && id.length <= 200 && (await batches.get(`batch7702:${id.toLowerCase()}`)) !== undefined
    }
    return false
  }

  async function call(method: string, params: unknown, chainId: number, user: RpcUser, keys: RpcKeyOpener, ctx: SponsorContext, parsed?: SigningRequest): Promise<unknown> {
    switch (method) {
      case SET_DELEGATION_METHOD:
        if (parsed?.method !== SET_DELEGATION_METHOD) throw new RpcError(RpcErrorCode.INVALID_PARAMS, 'Invalid params: request not parsed')
        return setDelegation(parsed, chainId, user, keys, ctx)
      case 'wallet_sendCalls':
        if (parsed?.method !== 'wallet_sendCalls') throw new RpcError(RpcErrorCode.INVALID_PARAMS, 'Invalid params: request not parsed')
        return sendCalls(parsed, chainId, user, keys, ctx)
      case 'wallet_getCallsStatus':
        return callsStatus(Array.isArray(params) ? params[0] : undefined, chainId, user)
      default:
        throw new RpcError(RpcErrorCode.UNSUPPORTED_METHOD, `Unsupported method: ${method}`)
    }
  }

  /** The DelegationRpc handleRpc (rpc.ts) takes, for one user's request from `ctx`'s project and host. */
  function forUser(user: RpcUser, keys: RpcKeyOpener, ctx: SponsorContext): DelegationRpc {
    return {
      handles: (method, params, chainId) => handles(method, params, chainId, user),
      call: (method, params, chainId, parsed) => call(method, params, chainId, user, keys, ctx, parsed),
      capabilities: (chainId) => capabilities(user.eip155Address, chainId, ctx),
    }
  }

  return { isOffered, delegateOf, delegationOf, isUpgraded, capabilities, handles, call, forUser }
}
