/**
 * Wallet RPC on the secure site: the only place the user's keys are opened. Each call opens the key it needs, signs,
 * and drops it; nothing here returns key material.
 */
import { createWalletClient, defineChain, http, isAddressEqual, isHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type { VersionedTransaction } from '@solana/web3.js'
import { isSigningMethod, parseSigningRequest, SigningRequestError, type SigningRequest } from '../requests.ts'
import { RpcErrorCode, type RpcErrorObject, type RpcRequest, type RpcResponse } from './api-types.ts'
import { SET_DELEGATION_METHOD } from '../eip7702-request.ts'

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export type RpcUser = { eip155Address: string; solanaAddress: string }
export type RpcKeyOpener = { evm(): Uint8Array; solana(): Uint8Array }
export type RpcOptions = { evmRpcUrls: Record<string | number, string>; solanaRpcUrl?: string }

/** The user's smart account (smart.ts), when the secure site offers smart accounts. */
export type SmartRpc = {
  /** True when the smart account is the user's active eip155 account on chainId (preferred type, enabled chain). */
  active(chainId: number): boolean
  /** `parsed`: the request parsed once (../requests.ts) for a signing method; read-only methods read `params`. */
  call(method: string, params: unknown, chainId: number, parsed?: SigningRequest): Promise<unknown>
}

/** EIP-7702 for the EOA (eip7702.ts), when the secure site offers a delegate on some chain. */
export type DelegationRpc = {
  /** True when it serves `method` for the EOA on chainId (the authorization; batches while the EOA is upgraded). */
  handles(method: string, params: unknown, chainId: number): Promise<boolean>
  call(method: string, params: unknown, chainId: number, parsed?: SigningRequest): Promise<unknown>
  /** The EOA's EIP-5792 capabilities on chainId. */
  capabilities(chainId: number): Promise<Record<string, unknown>>
}

/** Read-only methods answered without the approval flag. */
const READ_ONLY = new Set([
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'solana_getAccounts',
  'solana_requestAccounts',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
])
/** Methods only the smart account serves (an EOA answers 4200). */
const SMART_ONLY = new Set(['wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_grantPermissions', 'wallet_revokePermissions'])

/** Every method `/api/rpc` serves; anything else is 4200. */
export const SUPPORTED_METHODS: ReadonlySet<string> = new Set([
  ...READ_ONLY,
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  ...SMART_ONLY,
  SET_DELEGATION_METHOD,
])

export function parseChain(chainId: unknown): { namespace: 'eip155'; id: number } | { namespace: 'solana'; id: string } | undefined {
  if (chainId === undefined) return undefined
  if (typeof chainId === 'number' && Number.isSafeInteger(chainId) && chainId > 0) return { namespace: 'eip155', id: chainId }
  if (typeof chainId !== 'string') return undefined
  if (/^\d{1,15}$/.test(chainId)) return { namespace: 'eip155', id: Number(chainId) }
  const m = /^(eip155|solana):([-_a-zA-Z0-9]{1,64})$/.exec(chainId)
  if (!m) return undefined
  if (m[1] === 'eip155') return /^\d{1,15}$/.test(m[2]!) ? { namespace: 'eip155', id: Number(m[2]) } : undefined
  return { namespace: 'solana', id: chainId }
}

const hexKey = (k: Uint8Array): Hex => `0x${Buffer.from(k).toString('hex')}`

function checkEvmAddress(given: unknown, user: RpcUser): void {
  if (given === undefined) return
  if (typeof given !== 'string' || !isHex(given) || given.length !== 42 || !isAddressEqual(given as Hex, user.eip155Address as Hex))
    throw new RpcError(RpcErrorCode.UNAUTHORIZED, 'The requested account is not the account of this session')
}

async function evmCall(req: RpcRequest, parsed: SigningRequest | undefined, chainId: number, user: RpcUser, keys: RpcKeyOpener, o: RpcOptions): Promise<unknown> {
  switch (parsed?.method ?? req.method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [user.eip155Address]
    case 'eth_chainId':
      return `0x${chainId.toString(16)}`
  }
  switch (parsed?.method) {
    case 'personal_sign': {
      checkEvmAddress(parsed.address, user)
      const account = privateKeyToAccount(hexKey(keys.evm()))
      return account.signMessage({ message: isHex(parsed.message) ? { raw: parsed.message } : parsed.message })
    }
    case 'eth_signTypedData_v4': {
      checkEvmAddress(parsed.address, user)
      const account = privateKeyToAccount(hexKey(keys.evm()))
      try {
        return await account.signTypedData(parsed.typedData)
      } catch (e) {
        throw new RpcError(RpcErrorCode.INVALID_PARAMS, `Invalid params: ${(e as Error).message.split('\n')[0]}`)
      }
    }
    case 'eth_sendTransaction': {
      const tx = parsed.transaction
      checkEvmAddress(tx.from, user)
      if (tx.chainId !== undefined && tx.chainId !== chainId)
        throw new RpcError(RpcErrorCode.UNRECOGNIZED_CHAIN, `The request is for chain ${tx.chainId}, the session is on ${chainId}`)
      const url = o.evmRpcUrls[chainId] ?? o.evmRpcUrls[String(chainId)]
      if (!url) throw new RpcError(RpcErrorCode.UNRECOGNIZED_CHAIN, `No RPC url provided for chainId: ${chainId}`)
      const chain = defineChain({
        id: chainId,
        name: `eip155:${chainId}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [url] } },
      })
      const client = createWalletClient({ account: privateKeyToAccount(hexKey(keys.evm())), chain, transport: http(url) })
      const common = { to: tx.to, value: tx.value, data: tx.data, gas: tx.gas, nonce: tx.nonce }
      try {
        return tx.gasPrice !== undefined
          ? await client.sendTransaction({ ...common, gasPrice: tx.gasPrice })
          : await client.sendTransaction({ ...common, maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas })
      } catch (e) {
        const err = e as { shortMessage?: string; message: string }
        throw new RpcError(RpcErrorCode.INTERNAL, err.shortMessage ?? err.message.split('\n')[0]!)
      }
    }
    default:
      throw new RpcError(RpcErrorCode.UNSUPPORTED_METHOD, `Unsupported method: ${req.method}`)
  }
}

function signSolanaTx(tx: VersionedTransaction, user: RpcUser, seed: Uint8Array): string {
  const signers = tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures)
  const index = signers.findIndex((k) => k.toBase58() === user.solanaAddress)
  if (index < 0) throw new RpcError(RpcErrorCode.UNAUTHORIZED, 'The transaction does not need the signature of this account')
  const signature = ed25519.sign(tx.message.serialize(), seed)
  tx.signatures[index] = signature
  return base58.encode(signature)
}

async function solanaCall(req: RpcRequest, parsed: SigningRequest | undefined, user: RpcUser, keys: RpcKeyOpener, o: RpcOptions): Promise<unknown> {
  if (req.method === 'solana_getAccounts' || req.method === 'solana_requestAccounts') return [{ pubkey: user.solanaAddress }]
  if (parsed && 'pubkey' in parsed && parsed.pubkey !== undefined && parsed.pubkey !== user.solanaAddress)
    throw new RpcError(RpcErrorCode.UNAUTHORIZED, 'The requested account is not the account of this session')
  switch (parsed?.method) {
    case 'solana_signMessage':
      return { signature: base58.encode(ed25519.sign(parsed.message, keys.solana())) }
    case 'solana_signTransaction': {
      const tx = parsed.transaction
      const signature = signSolanaTx(tx, user, keys.solana())
      return { transaction: Buffer.from(tx.serialize()).toString('base64'), signature }
    }
    case 'solana_signAndSendTransaction': {
      if (!o.solanaRpcUrl) throw new RpcError(RpcErrorCode.UNRECOGNIZED_CHAIN, 'No RPC url provided for chainId: solana')
      const tx = parsed.transaction
      signSolanaTx(tx, user, keys.solana())
      const res = await fetch(o.solanaRpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'sendTransaction',
          params: [Buffer.from(tx.serialize()).toString('base64'), { encoding: 'base64', preflightCommitment: 'confirmed' }],
        }),
      })
      const body = (await res.json()) as { result?: string; error?: { message?: string } }
      if (typeof body.result !== 'string') throw new RpcError(RpcErrorCode.INTERNAL, body.error?.message ?? 'Transaction was not sent')
      return { signature: body.result }
    }
    default:
      throw new RpcError(RpcErrorCode.UNSUPPORTED_METHOD, `Unsupported method: ${req.method}`)
  }
}

/**
 * EIP-5792 wallet_getCapabilities: atomic batches and ERC-7677 paymaster services (the user operation asks the dapp's
 * `paymasterService.url`, docs/SPONSORED-GAS.md) where the smart account is active, and what an EOA upgraded with
 * EIP-7702 offers (eip7702.ts). Params `[address?, chainIds?]`.
 */
async function capabilities(params: unknown, chainId: number, smart: SmartRpc | undefined, delegation: DelegationRpc | undefined): Promise<Record<string, unknown>> {
  const asked = Array.isArray(params) && Array.isArray(params[1]) ? params[1] : [`0x${chainId.toString(16)}`]
  const out: Record<string, unknown> = {}
  for (const id of asked) {
    if (typeof id !== 'string' || !isHex(id)) throw new RpcError(RpcErrorCode.INVALID_PARAMS, 'Invalid params: chain ids must be hex')
    const n = Number(BigInt(id))
    out[`0x${n.toString(16)}`] = smart?.active(n)
      ? { atomic: { status: 'supported' }, paymasterService: { supported: true } }
      : delegation
        ? await delegation.capabilities(n)
        : { atomic: { status: 'unsupported' } }
  }
  return out
}

/** Runs one `/api/rpc` call for a user. Never throws: failures are JSON-RPC-shaped errors. */
export async function handleRpc(req: RpcRequest, user: RpcUser, keys: RpcKeyOpener, o: RpcOptions, smart?: SmartRpc, delegation?: DelegationRpc): Promise<RpcResponse> {
  try {
    if (typeof req.method !== 'string' || req.method.length === 0 || req.method.length > 100)
      throw new RpcError(RpcErrorCode.INVALID_PARAMS, 'Invalid params: method')
    const isSolanaMethod = req.method.startsWith('solana_')
    const chain = parseChain(req.chainId)
    if (req.chainId !== undefined && !chain) throw new RpcError(RpcErrorCode.UNRECOGNIZED_CHAIN, `Unrecognized chain: ${String(req.chainId)}`)
    if (!SUPPORTED_METHODS.has(req.method))
      throw new RpcError(RpcErrorCode.UNSUPPORTED_METHOD, `Unsupported method: ${req.method}`)
    if (!READ_ONLY.has(req.method) && req.approved !== true) throw new RpcError(RpcErrorCode.USER_REJECTED, 'User rejected the request.')
    // The one parse of a signing request (issue 26 item 1): the frame's panel showed this same object.
    let parsed: SigningRequest | undefined
    if (isSigningMethod(req.method)) {
      try {
        parsed = parseSigningRequest(req.method, req.params)
      } catch (e) {
        if (e instanceof SigningRequestError) throw new RpcError(e.code, e.message)
        throw e
      }
    }
    if (isSolanaMethod) {
      if (chain && chain.namespace !== 'solana') throw new RpcError(RpcErrorCode.UNRECOGNIZED_CHAIN, 'A solana method needs a solana chainId')
      return { result: await solanaCall(req, parsed, user, keys, o) }
    }
    if (!chain || chain.namespace !== 'eip155') throw new RpcError(RpcErrorCode.UNRECOGNIZED_CHAIN, 'An eip155 method needs an eip155 chainId')
    if (req.method === 'wallet_getCapabilities') return { result: await capabilities(req.params, chain.id, smart, delegation) }
    // EIP-7702: the authorization is about the EOA whichever account is active.
    if (req.method === SET_DELEGATION_METHOD && !delegation) throw new RpcError(RpcErrorCode.UNSUPPORTED_METHOD, 'EIP-7702 delegation is not offered by this secure site')
    if (req.method !== SET_DELEGATION_METHOD && smart?.active(chain.id)) return { result: await smart.call(req.method, req.params, chain.id, parsed) }
    if (delegation && (await delegation.handles(req.method, req.params, chain.id))) return { result: await delegation.call(req.method, req.params, chain.id, parsed) }
    if (parsed?.method === 'wallet_sendCalls' && parsed.atomicRequired === true) {
      // EIP-5792: the EOA cannot execute a batch atomically (until it is upgraded with EIP-7702, above).
      throw new RpcError(RpcErrorCode.ATOMICITY_NOT_SUPPORTED, 'Atomic batches need the smart account')
    }
    if (SMART_ONLY.has(req.method)) throw new RpcError(RpcErrorCode.UNSUPPORTED_METHOD, `${req.method} needs the smart account (SET_PREFERRED_ACCOUNT smartAccount)`)
    return { result: await evmCall(req, parsed, chain.id, user, keys, o) }
  } catch (e) {
    const error: RpcErrorObject =
      e instanceof RpcError ? { code: e.code, message: e.message } : { code: RpcErrorCode.INTERNAL, message: 'Internal error' }
    return { error }
  }
}
