/**
 * Every signing request the secure site serves, parsed once into the exact object that is signed (issue 26 item 1).
 * The frame's approval panel (frame/describe.ts) shows only this object and the server's signers (server/rpc.ts,
 * server/smart.ts) read only this object: no field can be shown one way and signed another. Anything ambiguous
 * (`data` and `input` both present and different, `transaction` and `transactions`) or unknown is refused with a
 * JSON-RPC -32602 error before the panel shows, and again by the server.
 *
 * Shared by the frame bundle (browser) and the server (Node): viem and @solana/web3.js only, no node: imports.
 */
import { isAddress, isHex, parseTransaction, type Address, type Hex, type TypedDataDefinition } from 'viem'
import { PublicKey, VersionedMessage, VersionedTransaction } from '@solana/web3.js'
import { base58, base64 } from '@scure/base'
import { DelegationRequestError, parseDelegationRequest, SET_DELEGATION_METHOD, type DelegationRequest } from './eip7702-request.ts'

/** JSON-RPC "Invalid params". */
export const INVALID_PARAMS = -32602
/** EIP-1193 "Unsupported method". */
export const UNSUPPORTED_METHOD = 4200

/** A request refused before anything is shown or signed. */
export class SigningRequestError extends Error {
  constructor(
    message: string,
    readonly code: number = INVALID_PARAMS,
  ) {
    super(message)
    this.name = 'SigningRequestError'
  }
}

const invalid = (what: string) => new SigningRequestError(`Invalid params: ${what}`)

/** One EVM call as it is signed (eth_sendTransaction, each wallet_sendCalls call). */
export interface EvmCall {
  /** Absent: contract creation (eth_sendTransaction only). */
  to?: Address
  value: bigint
  /** Absent when the request has no data (the signer sends none). */
  data?: Hex
}

export interface EvmTransaction extends EvmCall {
  from?: Address
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  nonce?: number
  chainId?: number
}

export interface PermissionGrantRequest {
  expiry: number
  signer: { type: string; data?: unknown }
  permissions: Array<{ type: string; data?: unknown; policies?: unknown }>
  chainId?: Hex
  address?: Address
}

export type SigningRequest =
  | { method: 'personal_sign'; message: Hex | string; address?: Address }
  | { method: 'eth_signTypedData_v4'; address?: Address; typedData: TypedDataDefinition & { domain: Record<string, unknown>; primaryType: string; message: Record<string, unknown> } }
  | { method: 'eth_sendTransaction'; transaction: EvmTransaction }
  | { method: 'wallet_sendCalls'; calls: EvmCall[]; from?: Address; chainId?: Hex; id?: string; version?: string; atomicRequired?: boolean; capabilities: Record<string, { optional?: boolean }> }
  | { method: 'wallet_grantPermissions'; grant: PermissionGrantRequest }
  | { method: 'wallet_revokePermissions'; permissionContext: string }
  | { method: 'solana_signMessage'; message: Uint8Array; pubkey?: string }
  | { method: 'solana_signTransaction' | 'solana_signAndSendTransaction'; transaction: VersionedTransaction; pubkey?: string }
  // EIP-7702 (issue 29 part 2): an authorization delegating the EOA, or revoking it (eip7702-request.ts).
  | DelegationRequest

export type SigningMethod = SigningRequest['method']

/** The signing methods served (every other APPROVAL_METHODS entry is refused with 4200 before a panel shows). */
export const SIGNING_METHODS: readonly SigningMethod[] = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  SET_DELEGATION_METHOD,
]

export function isSigningMethod(method: string): method is SigningMethod {
  return (SIGNING_METHODS as readonly string[]).includes(method)
}

type Json = Record<string, unknown>
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

function record(v: unknown, what: string): Json {
  if (!isRecord(v)) throw invalid(`${what} must be an object`)
  return v
}

/** Refuses keys outside `known` (a field the panel would not show could still change what is signed). */
function onlyKeys(o: Json, known: readonly string[], what: string): void {
  const unknown = Object.keys(o).filter((k) => !known.includes(k))
  if (unknown.length > 0) throw invalid(`unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')} in ${what}`)
}

function paramList(params: unknown, max: number, method: string): unknown[] {
  if (!Array.isArray(params)) throw invalid(`${method} expects an array of params`)
  if (params.length > max) throw invalid(`${method} takes at most ${max} params`)
  return params
}

function address(v: unknown, what: string): Address | undefined {
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string' || !isAddress(v, { strict: false })) throw invalid(`${what} must be an address`)
  return v as Address
}

function quantity(v: unknown, what: string): bigint | undefined {
  if (v === undefined || v === null) return undefined
  if (typeof v === 'string' && isHex(v) && v.length > 2 && v.length <= 66) return BigInt(v)
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
  throw invalid(`${what} must be a hex quantity`)
}

function hexData(v: unknown, what: string): Hex | undefined {
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string' || !isHex(v) || v.length % 2 !== 0) throw invalid(`${what} must be hex bytes`)
  return v
}

/** `data` and `input` are synonyms: one of them, or both equal; never two different payloads. */
function callData(o: Json, what: string): Hex | undefined {
  const data = hexData(o.data, `${what}.data`)
  const input = hexData(o.input, `${what}.input`)
  if (data !== undefined && input !== undefined && data.toLowerCase() !== input.toLowerCase())
    throw invalid(`${what} has both "data" and "input" and they differ`)
  const d = data ?? input
  return d === undefined || d === '0x' ? undefined : d
}

function hexChainId(v: unknown, what: string): Hex | undefined {
  const n = quantity(v, what)
  return n === undefined ? undefined : `0x${n.toString(16)}`
}

function evmCall(raw: unknown, what: string, extra: readonly string[] = []): EvmCall & Json {
  const c = record(raw, what)
  onlyKeys(c, ['to', 'value', 'data', 'input', ...extra], what)
  const to = address(c.to, `${what}.to`)
  const data = callData(c, what)
  return { ...(to ? { to } : {}), value: quantity(c.value, `${what}.value`) ?? 0n, ...(data ? { data } : {}) }
}

/** An EVM personal_sign payload that is itself a serialized transaction (signing it could authorise that transaction). */
function looksLikeEvmTransaction(hex: Hex): boolean {
  try {
    parseTransaction(hex as Parameters<typeof parseTransaction>[0])
    return true
  } catch {
    return false
  }
}

/** Solana bytes that decode, and re-encode identically, as a transaction or a transaction message. */
export function looksLikeSolanaTransaction(bytes: Uint8Array): boolean {
  const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])
  try {
    if (same(VersionedTransaction.deserialize(bytes).serialize(), bytes)) return true
  } catch {
    // not a transaction
  }
  try {
    if (same(VersionedMessage.deserialize(bytes).serialize(), bytes)) return true
  } catch {
    // not a message
  }
  return false
}

function solanaPubkey(v: unknown): string | undefined {
  if (v === undefined) return undefined
  try {
    if (typeof v !== 'string') throw new Error()
    return new PublicKey(v).toBase58()
  } catch {
    throw invalid('pubkey must be a base58 public key')
  }
}

function typedDataOf(raw: unknown): Extract<SigningRequest, { method: 'eth_signTypedData_v4' }>['typedData'] {
  let typed: unknown = raw
  if (typeof raw === 'string') {
    try {
      typed = JSON.parse(raw)
    } catch {
      throw invalid('typed data is not JSON')
    }
  }
  const t = record(typed, 'typed data')
  onlyKeys(t, ['types', 'domain', 'primaryType', 'message'], 'typed data')
  if (!isRecord(t.types)) throw invalid('typed data types must be an object')
  if (typeof t.primaryType !== 'string') throw invalid('typed data primaryType must be a string')
  const domain = t.domain === undefined ? {} : record(t.domain, 'typed data domain')
  onlyKeys(domain, ['name', 'version', 'chainId', 'verifyingContract', 'salt'], 'typed data domain')
  if (domain.verifyingContract !== undefined) address(domain.verifyingContract, 'typed data domain.verifyingContract')
  return { types: t.types, domain, primaryType: t.primaryType, message: record(t.message, 'typed data message') } as never
}

/**
 * Parses one signing request (`params` as the dapp sent them). Throws SigningRequestError (-32602, or 4200 for a
 * method not served) for anything it cannot map to exactly one signed object.
 */
export function parseSigningRequest(method: string, params: unknown): SigningRequest {
  switch (method) {
    case SET_DELEGATION_METHOD:
      try {
        return parseDelegationRequest(params)
      } catch (e) {
        throw e instanceof DelegationRequestError ? new SigningRequestError(e.message, e.code) : e
      }
    case 'personal_sign': {
      const [message, addr] = paramList(params, 2, method)
      if (typeof message !== 'string') throw invalid('message must be a string')
      if (isHex(message) && message.length > 2 && looksLikeEvmTransaction(message))
        throw invalid('the message is a serialized transaction; personal_sign does not sign transactions')
      const a = address(addr, 'address')
      return { method, message, ...(a ? { address: a } : {}) }
    }
    case 'eth_signTypedData_v4': {
      const [addr, data] = paramList(params, 2, method)
      const a = address(addr, 'address')
      return { method, typedData: typedDataOf(data), ...(a ? { address: a } : {}) }
    }
    case 'eth_sendTransaction': {
      const [raw] = paramList(params, 1, method)
      const tx = record(raw, 'transaction')
      const base = evmCall(tx, 'transaction', ['from', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'nonce', 'chainId', 'type'])
      if (tx.type !== undefined && !['0x0', '0x2', '0x00', '0x02'].includes(String(tx.type)))
        throw invalid('type must be 0x0 (legacy) or 0x2 (EIP-1559)')
      if (tx.gasPrice !== undefined && (tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined))
        throw invalid('transaction has both gasPrice and EIP-1559 fees')
      const out: EvmTransaction = { value: base.value }
      if (base.to) out.to = base.to
      if (base.data) out.data = base.data
      const from = address(tx.from, 'transaction.from')
      if (from) out.from = from
      const gas = quantity(tx.gas, 'transaction.gas')
      if (gas !== undefined) out.gas = gas
      for (const k of ['gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
        const v = quantity(tx[k], `transaction.${k}`)
        if (v !== undefined) out[k] = v
      }
      const nonce = quantity(tx.nonce, 'transaction.nonce')
      if (nonce !== undefined) {
        if (nonce > BigInt(Number.MAX_SAFE_INTEGER)) throw invalid('transaction.nonce is too large')
        out.nonce = Number(nonce)
      }
      const chainId = quantity(tx.chainId, 'transaction.chainId')
      if (chainId !== undefined) out.chainId = Number(chainId)
      return { method, transaction: out }
    }
    case 'wallet_sendCalls': {
      const [raw] = paramList(params, 1, method)
      const req = record(raw, 'wallet_sendCalls request')
      onlyKeys(req, ['version', 'id', 'from', 'chainId', 'atomicRequired', 'calls', 'capabilities'], 'wallet_sendCalls request')
      if (!Array.isArray(req.calls) || req.calls.length === 0) throw invalid('calls must be a non-empty array')
      const calls = req.calls.map((c, i) => {
        const call = evmCall(c, `calls[${i}]`, ['capabilities'])
        if (!call.to) throw invalid(`calls[${i}].to must be an address`)
        if (isRecord((c as Json).capabilities) && Object.keys((c as Json).capabilities as Json).length > 0)
          throw invalid(`calls[${i}] capabilities are not supported`)
        return { to: call.to, value: call.value, ...(call.data ? { data: call.data } : {}) }
      })
      const capabilities = req.capabilities === undefined ? {} : record(req.capabilities, 'capabilities')
      const from = address(req.from, 'from')
      const chainId = hexChainId(req.chainId, 'chainId')
      if (req.id !== undefined && (typeof req.id !== 'string' || req.id.length === 0 || req.id.length > 200)) throw invalid('id must be a string')
      if (req.version !== undefined && typeof req.version !== 'string') throw invalid('version must be a string')
      if (req.atomicRequired !== undefined && typeof req.atomicRequired !== 'boolean') throw invalid('atomicRequired must be a boolean')
      return {
        method,
        calls,
        capabilities: capabilities as Record<string, { optional?: boolean }>,
        ...(from ? { from } : {}),
        ...(chainId ? { chainId } : {}),
        ...(typeof req.id === 'string' ? { id: req.id } : {}),
        ...(typeof req.version === 'string' ? { version: req.version } : {}),
        ...(typeof req.atomicRequired === 'boolean' ? { atomicRequired: req.atomicRequired } : {}),
      }
    }
    case 'wallet_grantPermissions': {
      const [raw] = paramList(params, 1, method)
      const req = record(raw, 'permission request')
      onlyKeys(req, ['expiry', 'signer', 'permissions', 'chainId', 'address'], 'permission request')
      if (typeof req.expiry !== 'number' || !Number.isSafeInteger(req.expiry)) throw invalid('expiry must be unix seconds')
      const signer = record(req.signer, 'signer')
      onlyKeys(signer, ['type', 'data'], 'signer')
      if (typeof signer.type !== 'string') throw invalid('signer.type is required')
      if (!Array.isArray(req.permissions) || req.permissions.length === 0) throw invalid('permissions must be a non-empty array of { type, data?, policies? }')
      const permissions = req.permissions.map((p, i) => {
        const perm = record(p, `permissions[${i}]`)
        onlyKeys(perm, ['type', 'data', 'policies'], `permissions[${i}]`)
        if (typeof perm.type !== 'string') throw invalid('permissions must be a non-empty array of { type, data?, policies? }')
        return perm as PermissionGrantRequest['permissions'][number]
      })
      const chainId = hexChainId(req.chainId, 'chainId')
      const addr = address(req.address, 'address')
      return {
        method,
        grant: { expiry: req.expiry, signer: signer as PermissionGrantRequest['signer'], permissions, ...(chainId ? { chainId } : {}), ...(addr ? { address: addr } : {}) },
      }
    }
    case 'wallet_revokePermissions': {
      const [raw] = paramList(params, 1, method)
      const req = record(raw, 'revoke request')
      onlyKeys(req, ['permissionContext', 'context'], 'revoke request')
      if (req.permissionContext !== undefined && req.context !== undefined && req.permissionContext !== req.context)
        throw invalid('revoke request has both "permissionContext" and "context" and they differ')
      const pci = req.permissionContext ?? req.context
      if (typeof pci !== 'string' || !/^0x[0-9a-f]{64}$/.test(pci)) throw invalid('permissionContext must be the session pci')
      return { method, permissionContext: pci }
    }
    case 'solana_signMessage': {
      const p = record(params, 'params')
      onlyKeys(p, ['message', 'pubkey'], 'params')
      let message: Uint8Array
      try {
        if (typeof p.message !== 'string') throw new Error()
        message = base58.decode(p.message)
      } catch {
        throw invalid('message must be base58')
      }
      if (looksLikeSolanaTransaction(message)) throw invalid('the message is a serialized transaction; solana_signMessage does not sign transactions')
      const pubkey = solanaPubkey(p.pubkey)
      return { method, message, ...(pubkey ? { pubkey } : {}) }
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const p = record(params, 'params')
      if ('transactions' in p) throw invalid(`"transactions" is not served by ${method}: send one "transaction"`)
      onlyKeys(p, method === 'solana_signAndSendTransaction' ? ['transaction', 'pubkey', 'sendOptions'] : ['transaction', 'pubkey'], 'params')
      if (typeof p.transaction !== 'string' || p.transaction.length > 10_000) throw invalid('transaction must be base64')
      let transaction: VersionedTransaction
      try {
        transaction = VersionedTransaction.deserialize(base64.decode(p.transaction))
      } catch {
        throw invalid('transaction does not decode')
      }
      const pubkey = solanaPubkey(p.pubkey)
      // sendOptions change how the signed transaction is broadcast, not what is signed: checked, then not used (the
      // site sends with preflight at `confirmed`).
      const sendOptions = p.sendOptions === undefined ? undefined : record(p.sendOptions, 'sendOptions')
      if (sendOptions) onlyKeys(sendOptions, ['skipPreflight', 'preflightCommitment', 'maxRetries', 'minContextSlot'], 'sendOptions')
      return { method, transaction, ...(pubkey ? { pubkey } : {}) }
    }
    default:
      throw new SigningRequestError(`Unsupported method: ${method}`, UNSUPPORTED_METHOD)
  }
}
