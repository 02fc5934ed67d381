/**
 * Smart accounts on the secure site (issue 14, SPEC §1 account types): each user's eip155 key owns a counterfactual
 * PorticoAccount (ERC-4337, stack/chain/smart-account.ts) on every chain the host enabled. This module computes its
 * address, tells whether it is deployed, and serves the wallet RPC while it is the active account: user operations
 * through the stack's bundler (Alto), EIP-5792 batches, ERC-1271/6492 signatures, and ERC-7715 permission grants
 * recorded at the API server's /v1/sessions. The owner key is opened only for a signature, as in rpc.ts.
 */
import { BaseError, createPublicClient, defineChain, getAddress, http, HttpRequestError, isAddressEqual, isHex, TimeoutError, toHex, type Address, type Hex, type LocalAccount, type PublicClient } from 'viem'
import { privateKeyToAccount, toAccount } from 'viem/accounts'
import { createBundlerClient, type SmartAccount } from 'viem/account-abstraction'
import { toPorticoSmartAccount } from '../../chain/smart-account.ts'
import { sessionGrantMessage, sessionRevokeMessage, type SessionGrant } from '../../api/sessions-routes.ts'
import { userOperationReceiptFailed } from 'portico'
import { RpcErrorCode } from './api-types.ts'
import { RpcError, type RpcKeyOpener, type RpcUser } from './rpc.ts'
import { createMemoryEphemeral, type Ephemeral } from './ephemeral.ts'
import { isSigningMethod, parseSigningRequest, type SigningRequest } from '../requests.ts'
import type { SponsorshipResponse } from './api-types.ts'
import { askPaymaster, paymasterCapability, paymasterClient, paymasterErrorText, paymasterFor, sponsorableCalls, type Paymaster, type SponsorshipOptions } from './sponsorship.ts'

export type SmartAccountContracts = { entryPoint: Address; porticoAccountFactory: Address }

export type SmartAccountsOptions = SponsorshipOptions & {
  /** The host's enabled eip155 chain ids where smart accounts are offered (SPEC §4: only on enabled networks). */
  chainIds: readonly number[]
  /** The deployment's ERC-4337 contracts per chain (stack/chain deployment `contracts`). */
  contracts: Record<string | number, SmartAccountContracts>
  /** The bundler RPC URL, for every chain or per chain. */
  bundlerUrl: string | Record<string | number, string>
  evmRpcUrls: Record<string | number, string>
  /** The API server keeping smart sessions (`/v1/sessions`); without it grant/revoke answer 4200. */
  sessionsApiUrl?: string
  /** How long eth_sendTransaction waits for the user operation receipt (default 60 s). */
  receiptTimeoutMs?: number
  /** Receipt polling interval (default 250 ms). */
  pollMs?: number
  /** Where wallet_sendCalls ids live for an hour: the secure site's short-lived state (Redis: every instance knows them). */
  state?: Ephemeral
}

/** How long a wallet_sendCalls id is known to wallet_getCallsStatus. */
const BATCH_TTL_MS = 3_600_000
type Batch = { sender: Address; chainId: number; hash?: Hex }

/** EIP-5792 status codes. */
export const CALLS_STATUS = { PENDING: 100, CONFIRMED: 200, REVERTED: 500 } as const

const MAX_CALLS = 20
type Call = { to: Address; value?: bigint; data?: Hex }
type RawReceipt = {
  userOpHash: Hex
  sender: Address
  success: boolean
  logs?: Array<{ address: Address; data: Hex; topics: Hex[] }>
  actualGasUsed?: Hex
  receipt: { transactionHash: Hex; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; status: Hex }
}

const pick = <T>(r: Record<string | number, T>, id: number): T | undefined => r[id] ?? r[String(id)]
const bad = (what: string) => new RpcError(RpcErrorCode.INVALID_PARAMS, `Invalid params: ${what}`)
const asRecord = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {})
const refuse = async (): Promise<never> => {
  throw new Error('watch-only account')
}

function errorText(e: unknown): string {
  const err = e as { shortMessage?: string; details?: string; message?: string }
  return err.details || err.shortMessage || err.message?.split('\n')[0] || 'Internal error'
}

/** True when a request never got an HTTP answer (refused, reset, DNS, timeout), anywhere in viem's error chain. */
function unreachable(e: unknown): boolean {
  return e instanceof BaseError && e.walk((cause) => (cause instanceof HttpRequestError && cause.status === undefined) || cause instanceof TimeoutError) !== null
}

export type SmartAccounts = ReturnType<typeof createSmartAccounts>

export function createSmartAccounts(o: SmartAccountsOptions) {
  const bundlerUrlOf = (id: number) => (typeof o.bundlerUrl === 'string' ? o.bundlerUrl : pick(o.bundlerUrl, id))
  const enabled = o.chainIds.filter((id) => Number.isSafeInteger(id) && pick(o.contracts, id) && bundlerUrlOf(id) && pick(o.evmRpcUrls, id))
  const clients = new Map<number, PublicClient>()
  const addresses = new Map<string, Address>()
  /**
   * User operations sent by wallet_sendCalls, so a pending id is known: by user operation hash, and by the dapp's own
   * id when it chose one (EIP-5792 `id`; `hash` then). Keys `batch:<id>`, an hour each.
   */
  const batches = o.state ?? createMemoryEphemeral()
  const receiptTimeoutMs = o.receiptTimeoutMs ?? 60_000
  const pollMs = o.pollMs ?? 250

  function client(chainId: number): PublicClient {
    let c = clients.get(chainId)
    if (!c) {
      const url = pick(o.evmRpcUrls, chainId)!
      const chain = defineChain({ id: chainId, name: `eip155:${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } })
      c = createPublicClient({ chain, transport: http(url) }) as PublicClient
      clients.set(chainId, c)
    }
    return c
  }

  const isEnabled = (chainId: number | undefined): chainId is number => chainId !== undefined && enabled.includes(chainId)

  function account(owner: LocalAccount, chainId: number) {
    const c = pick(o.contracts, chainId)!
    return toPorticoSmartAccount({ client: client(chainId), owner, entryPoint: c.entryPoint, factoryAddress: c.porticoAccountFactory })
  }
  type Smart = Awaited<ReturnType<typeof account>>

  const watchOnly = (address: string): LocalAccount =>
    toAccount({ address: getAddress(address), signMessage: refuse, signTransaction: refuse, signTypedData: refuse })

  /** The user's smart account address on chainId (counterfactual: from the factory; cached). */
  async function address(ownerAddress: string, chainId: number): Promise<Address> {
    const key = `${chainId}:${ownerAddress.toLowerCase()}`
    let a = addresses.get(key)
    if (!a) {
      a = getAddress((await account(watchOnly(ownerAddress), chainId)).address)
      addresses.set(key, a)
    }
    return a
  }

  async function isDeployed(addr: Address, chainId: number): Promise<boolean> {
    const code = await client(chainId).getCode({ address: addr })
    return !!code && code !== '0x'
  }

  async function sendOp(acct: Smart, chainId: number, calls: Call[], gas?: bigint, paymaster?: Paymaster): Promise<Hex> {
    // With a paymaster, viem asks it for stub data (estimation), then for the final signed paymasterData (ERC-7677).
    const sponsorship = paymaster ? { paymaster: paymasterClient(paymaster), ...(paymaster.context ? { paymasterContext: paymaster.context } : {}) } : {}
    const bundler = createBundlerClient({ account: acct as unknown as SmartAccount, client: client(chainId), transport: http(bundlerUrlOf(chainId)!), pollingInterval: pollMs, ...sponsorship })
    // A dapp-given gas limit is used for the call as is (no estimation of the call); the other limits are then fixed.
    const limits =
      gas === undefined ? {} : { callGasLimit: gas, verificationGasLimit: (await isDeployed(acct.address, chainId)) ? 300_000n : 1_000_000n, preVerificationGas: 100_000n }
    try {
      return await bundler.sendUserOperation({ calls, ...limits } as Parameters<typeof bundler.sendUserOperation>[0])
    } catch (e) {
      // A bundler (or chain node) that cannot be reached is SPEC §8's "Network Error", not the fetch's own words.
      throw new RpcError(RpcErrorCode.INTERNAL, unreachable(e) ? 'Network Error' : errorText(e))
    }
  }

  /** One eth_getUserOperationReceipt; a bundler failure is SPEC §8 "Failed to fetch user operation receipt - {status}". */
  async function receiptOf(chainId: number, hash: Hex): Promise<RawReceipt | null> {
    let res: Response
    try {
      res = await fetch(bundlerUrlOf(chainId)!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [hash] }),
      })
    } catch {
      throw new RpcError(RpcErrorCode.INTERNAL, userOperationReceiptFailed('unreachable'))
    }
    if (!res.ok) throw new RpcError(RpcErrorCode.INTERNAL, userOperationReceiptFailed(res.status))
    const body = (await res.json().catch(() => ({}))) as { result?: RawReceipt | null; error?: { code?: number } }
    if (body.error) throw new RpcError(RpcErrorCode.INTERNAL, userOperationReceiptFailed(body.error.code ?? 'error'))
    return body.result ?? null
  }

  async function waitReceipt(chainId: number, hash: Hex): Promise<RawReceipt> {
    const deadline = Date.now() + receiptTimeoutMs
    for (;;) {
      const r = await receiptOf(chainId, hash)
      if (r) {
        if (!r.success) throw new RpcError(RpcErrorCode.INTERNAL, userOperationReceiptFailed('reverted'))
        return r
      }
      if (Date.now() >= deadline) throw new RpcError(RpcErrorCode.INTERNAL, userOperationReceiptFailed('timeout'))
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  }

  async function sessionsApi(path: string, body: unknown, projectId: string): Promise<Record<string, unknown>> {
    if (!o.sessionsApiUrl) throw new RpcError(RpcErrorCode.UNSUPPORTED_METHOD, 'Smart sessions are not configured on this secure site')
    const url = new URL(path, o.sessionsApiUrl)
    url.searchParams.set('projectId', projectId)
    url.searchParams.set('st', 'portico-secure-site')
    url.searchParams.set('sv', '0.1.0')
    let res: Response
    try {
      res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(20_000) })
    } catch {
      throw new RpcError(RpcErrorCode.INTERNAL, 'Network Error')
    }
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>
    if (!res.ok) throw new RpcError(res.status === 401 ? RpcErrorCode.UNAUTHORIZED : RpcErrorCode.INTERNAL, typeof answer.error === 'string' ? answer.error : 'Server Error')
    return answer
  }

  function checkFrom(given: unknown, acct: Address): void {
    if (given === undefined || given === null) return
    if (typeof given !== 'string' || !isHex(given) || given.length !== 42 || !isAddressEqual(given as Address, acct))
      throw new RpcError(RpcErrorCode.UNAUTHORIZED, 'The requested account is not the account of this session')
  }

  function checkChain(given: unknown, chainId: number): void {
    if (given === undefined || given === null) return
    let id: number
    try {
      id = Number(BigInt(given as string))
    } catch {
      throw bad('chainId')
    }
    if (id !== chainId) throw new RpcError(RpcErrorCode.UNRECOGNIZED_CHAIN, `The request is for chain ${id}, the session is on ${chainId}`)
  }

  /**
   * Sponsored gas (POST /api/sponsorship, before the panel): the paymaster's ERC-7677 stub answer for this request
   * from the user's smart account on chainId. Never throws for a refusal: its text is the answer's message.
   */
  async function sponsorship(ownerAddress: string, chainId: number, method: unknown, params: unknown, hostPaymasterUrl: unknown, projectId: string): Promise<SponsorshipResponse> {
    let parsed: SigningRequest | undefined
    try {
      parsed = typeof method === 'string' && isSigningMethod(method) ? parseSigningRequest(method, params) : undefined
    } catch {
      return { status: 'none' } // the request itself is refused by /api/rpc, with its own error
    }
    const calls = sponsorableCalls(parsed)
    if (!calls) return { status: 'none' }
    let paymaster: Paymaster | undefined
    try {
      paymaster = paymasterFor(parsed, hostPaymasterUrl, projectId, o)
    } catch (e) {
      return { status: 'refused', message: (e as Error).message }
    }
    if (!paymaster) return { status: 'none' }
    const acct = await account(watchOnly(ownerAddress), chainId)
    try {
      const { name } = await askPaymaster(acct as unknown as SmartAccount, chainId, calls, paymaster, await isDeployed(acct.address, chainId))
      return { status: 'sponsored', ...(name ? { name } : {}) }
    } catch (e) {
      return { status: 'refused', message: unreachable(e) ? 'The gas sponsor could not be reached' : paymasterErrorText(e) }
    }
  }

  /**
   * The wallet RPC of the user's smart account on chainId (only called when it is the active account there).
   * `projectId` goes to the API server's sessions calls (and names the project at the site's own sponsor).
   * `sponsor`: the host's paymaster URL and whether the user approved a sponsored operation (docs/SPONSORED-GAS.md).
   */
  async function call(method: string, params: unknown, chainId: number, user: RpcUser, keys: RpcKeyOpener, projectId: string, parsed?: SigningRequest, sponsor?: { paymasterUrl?: unknown; sponsored?: boolean }): Promise<unknown> {
    const paymaster = () => (sponsor?.sponsored === true ? paymasterFor(parsed, sponsor.paymasterUrl, projectId, o) : undefined)
    const list = Array.isArray(params) ? params : []
    const signer = () => account(privateKeyToAccount(`0x${Buffer.from(keys.evm()).toString('hex')}`), chainId)
    const me = await address(user.eip155Address, chainId)
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [me]
      case 'eth_chainId':
        return toHex(chainId)
      case 'personal_sign': {
        if (parsed?.method !== method) throw bad('request not parsed')
        checkFrom(parsed.address, me)
        return (await signer()).signMessage({ message: isHex(parsed.message) ? { raw: parsed.message } : parsed.message })
      }
      case 'eth_signTypedData_v4': {
        if (parsed?.method !== method) throw bad('request not parsed')
        checkFrom(parsed.address, me)
        const acct = await signer()
        try {
          return await acct.signTypedData(parsed.typedData)
        } catch (e) {
          throw bad(errorText(e))
        }
      }
      case 'eth_sendTransaction': {
        if (parsed?.method !== method) throw bad('request not parsed')
        const tx = parsed.transaction
        checkFrom(tx.from, me)
        checkChain(tx.chainId, chainId)
        if (!tx.to) throw bad('transaction.to must be an address')
        const hash = await sendOp(await signer(), chainId, [{ to: tx.to, value: tx.value, ...(tx.data ? { data: tx.data } : {}) }], tx.gas, paymaster())
        return (await waitReceipt(chainId, hash)).receipt.transactionHash
      }
      case 'wallet_sendCalls': {
        if (parsed?.method !== method) throw bad('request not parsed')
        checkFrom(parsed.from, me)
        // EIP-5792's own codes (SPEC §8 5700 to 5760) before anything is signed.
        try {
          checkChain(parsed.chainId, chainId)
        } catch (e) {
          if (e instanceof RpcError && e.code === RpcErrorCode.UNRECOGNIZED_CHAIN) throw new RpcError(RpcErrorCode.UNSUPPORTED_CHAIN, e.message)
          throw e
        }
        if (parsed.calls.length > MAX_CALLS) throw new RpcError(RpcErrorCode.BUNDLE_TOO_LARGE, `A bundle holds at most ${MAX_CALLS} calls`)
        // ERC-7677 paymasterService: honoured (its URL checked here); any other required capability is unknown.
        paymasterCapability(parsed, o)
        for (const [name, capability] of Object.entries(parsed.capabilities)) {
          if (name !== 'paymasterService' && asRecord(capability).optional !== true) throw new RpcError(RpcErrorCode.UNSUPPORTED_CAPABILITY, `Unsupported capability: ${name}`)
        }
        const requestedId = parsed.id
        if (requestedId && (await batches.get(`batch:${requestedId.toLowerCase()}`)) !== undefined)
          throw new RpcError(RpcErrorCode.DUPLICATE_ID, `Duplicate id: ${requestedId}`)
        const calls: Call[] = parsed.calls.map((c) => ({ to: c.to!, value: c.value, ...(c.data ? { data: c.data } : {}) }))
        const hash = await sendOp(await signer(), chainId, calls, undefined, paymaster())
        await batches.set(`batch:${hash.toLowerCase()}`, JSON.stringify({ sender: me, chainId } satisfies Batch), BATCH_TTL_MS)
        if (requestedId) await batches.set(`batch:${requestedId.toLowerCase()}`, JSON.stringify({ sender: me, chainId, hash } satisfies Batch), BATCH_TTL_MS)
        return { id: requestedId ?? hash }
      }
      case 'wallet_getCallsStatus': {
        const id = list[0]
        if (typeof id !== 'string' || id.length === 0 || id.length > 200) throw bad('id must be a bundle id')
        const stored = await batches.get(`batch:${id.toLowerCase()}`)
        const known = stored === undefined ? undefined : (JSON.parse(stored) as Batch)
        const unknown = () => new RpcError(RpcErrorCode.UNKNOWN_BUNDLE, 'Unknown bundle id')
        if (known && (known.chainId !== chainId || !isAddressEqual(known.sender, me))) throw unknown()
        const opHash = known?.hash ?? id
        if (!/^0x[0-9a-fA-F]{64}$/.test(opHash)) throw unknown()
        const r = await receiptOf(chainId, opHash as Hex)
        if (!r) {
          if (!known) throw unknown()
          return { version: '2.0.0', id, chainId: toHex(chainId), status: CALLS_STATUS.PENDING, atomic: true }
        }
        if (!isAddressEqual(r.sender, me)) throw unknown()
        return {
          version: '2.0.0',
          id,
          chainId: toHex(chainId),
          status: r.success ? CALLS_STATUS.CONFIRMED : CALLS_STATUS.REVERTED,
          atomic: true,
          receipts: [
            {
              logs: (r.logs ?? []).map((l) => ({ address: l.address, data: l.data, topics: l.topics })),
              status: r.success ? '0x1' : '0x0',
              blockHash: r.receipt.blockHash,
              blockNumber: r.receipt.blockNumber,
              gasUsed: r.actualGasUsed ?? r.receipt.gasUsed,
              transactionHash: r.receipt.transactionHash,
            },
          ],
        }
      }
      case 'wallet_grantPermissions': {
        if (parsed?.method !== method) throw bad('request not parsed')
        const req = parsed.grant
        checkFrom(req.address, me)
        checkChain(req.chainId, chainId)
        const acct = await signer()
        const grant: SessionGrant = {
          chainId: toHex(chainId),
          address: me,
          expiry: req.expiry,
          signer: req.signer as SessionGrant['signer'],
          permissions: req.permissions as SessionGrant['permissions'],
        }
        const caip = `eip155:${chainId}:${me}`
        // Signed over the API server's one-time nonce (issue 26 item 7): the grant cannot be recorded twice.
        const { nonce } = (await sessionsApi(`/v1/sessions/${caip}/nonce`, {}, projectId)) as { nonce: string }
        const signature = await acct.signMessage({ message: sessionGrantMessage(caip, grant, nonce) })
        const record = await sessionsApi(`/v1/sessions/${caip}`, { grant, signature, nonce }, projectId)
        const deployed = await isDeployed(me, chainId)
        const accountMeta = deployed ? {} : { accountMeta: await acct.getFactoryArgs() }
        return { ...grant, context: record.pci, ...accountMeta }
      }
      case 'wallet_revokePermissions': {
        if (parsed?.method !== method) throw bad('request not parsed')
        const pci = parsed.permissionContext
        const acct = await signer()
        const caip = `eip155:${chainId}:${me}`
        const signature = await acct.signMessage({ message: sessionRevokeMessage(caip, pci) })
        await sessionsApi(`/v1/sessions/${caip}/revoke`, { pci, signature }, projectId)
        return {}
      }
      default:
        throw new RpcError(RpcErrorCode.UNSUPPORTED_METHOD, `Unsupported method: ${method}`)
    }
  }

  return { enabledChainIds: enabled as readonly number[], isEnabled, address, isDeployed, call, sponsorship, client }
}
