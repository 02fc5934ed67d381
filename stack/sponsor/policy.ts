/**
 * Sponsorship policies: which projects the sponsor pays gas for, on which chains, for which calls (target contracts
 * and method selectors), how much gas per user and per project per UTC day, and until when. Parsed from JSON (the
 * policy file) with an error that names the offending field.
 */
import { decodeAbiParameters, decodeFunctionData, getAddress, isAddress, isHex, parseAbi, slice, toFunctionSelector, type Address, type Hex } from 'viem'

export interface ContractRule {
  address: Address
  /** Four-byte selectors allowed on this contract; undefined means every method. `0x` is a plain ether transfer. */
  selectors?: ReadonlySet<string>
}

export interface SponsorPolicy {
  /** Shown to the wallet as ERC-7677's `sponsor.name`. */
  name: string
  /** A data: URI (ERC-7677 `sponsor.icon`). */
  icon?: string
  /** Chain ids the project is sponsored on; undefined: every chain the service has a paymaster for. */
  chainIds?: ReadonlySet<number>
  contracts: readonly ContractRule[]
  /** Gas (the sum of the user operation's gas limits) one sender may use per UTC day. */
  perUserGasPerDay: bigint
  /** Gas all senders of the project together may use per UTC day. */
  perProjectGasPerDay: bigint
  /** Unix milliseconds after which the policy sponsors nothing. */
  expiresAt?: number
  /** Pays for an EIP-7702 upgrade user operation (factory 0x7702) that makes no call; calls are judged by `contracts`. */
  eip7702Upgrades?: boolean
}

export type SponsorPolicies = Readonly<Record<string, SponsorPolicy>>

/** A policy file that does not parse: the message names the field. */
export class PolicyError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function gas(v: unknown, where: string): bigint {
  if ((typeof v === 'number' && Number.isSafeInteger(v) && v > 0) || (typeof v === 'string' && /^[1-9]\d*$/.test(v))) return BigInt(v)
  throw new PolicyError(`${where} must be a positive whole number of gas (a number or a decimal string), got ${JSON.stringify(v)}`)
}

/** `transfer(address,uint256)`, `0xa9059cbb`, or `0x` (plain ether transfer) to a lower-case selector. */
export function methodSelector(method: string, where = 'method'): string {
  if (method === '0x') return '0x'
  if (/^0x[0-9a-fA-F]{8}$/.test(method)) return method.toLowerCase()
  if (/^[A-Za-z_$][\w$]*\(.*\)$/.test(method)) {
    try {
      return toFunctionSelector(method.startsWith('function ') ? method : `function ${method}`)
    } catch {
      // reported below
    }
  }
  throw new PolicyError(`${where} "${method}" is neither a signature like transfer(address,uint256), a 4-byte selector, nor 0x`)
}

/** Parses the policy file's JSON: `{ "projects": { "<projectId>": { ... } } }` (see README.md). */
export function parsePolicies(json: unknown): Record<string, SponsorPolicy> {
  if (!isObject(json) || !isObject(json.projects)) throw new PolicyError('the policy file must be an object with a "projects" object')
  const out: Record<string, SponsorPolicy> = {}
  for (const [projectId, raw] of Object.entries(json.projects)) {
    const at = `projects.${projectId}`
    if (!isObject(raw)) throw new PolicyError(`${at} must be an object`)
    if (typeof raw.name !== 'string' || !raw.name) throw new PolicyError(`${at}.name must be the sponsor's name shown to users`)
    if (raw.icon !== undefined && (typeof raw.icon !== 'string' || !raw.icon.startsWith('data:'))) throw new PolicyError(`${at}.icon must be a data: URI (ERC-7677)`)
    if (!Array.isArray(raw.contracts) || raw.contracts.length === 0) throw new PolicyError(`${at}.contracts must list the contracts calls may target`)
    const contracts = raw.contracts.map((c: unknown, i: number): ContractRule => {
      const cat = `${at}.contracts[${i}]`
      if (!isObject(c) || typeof c.address !== 'string' || !isAddress(c.address)) throw new PolicyError(`${cat}.address must be a contract address`)
      if (c.methods === '*') return { address: getAddress(c.address) }
      if (!Array.isArray(c.methods) || c.methods.length === 0 || !c.methods.every((m) => typeof m === 'string'))
        throw new PolicyError(`${cat}.methods must be "*" or a list of method signatures or selectors`)
      return { address: getAddress(c.address), selectors: new Set((c.methods as string[]).map((m, j) => methodSelector(m, `${cat}.methods[${j}]`))) }
    })
    let chainIds: Set<number> | undefined
    if (raw.chainIds !== undefined) {
      if (!Array.isArray(raw.chainIds) || !raw.chainIds.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) throw new PolicyError(`${at}.chainIds must be a list of chain ids`)
      chainIds = new Set(raw.chainIds as number[])
    }
    let expiresAt: number | undefined
    if (raw.expiresAt !== undefined) {
      expiresAt = typeof raw.expiresAt === 'string' ? Date.parse(raw.expiresAt) : Number.NaN
      if (Number.isNaN(expiresAt)) throw new PolicyError(`${at}.expiresAt must be an ISO 8601 date, got ${JSON.stringify(raw.expiresAt)}`)
    }
    if (raw.eip7702Upgrades !== undefined && typeof raw.eip7702Upgrades !== 'boolean') throw new PolicyError(`${at}.eip7702Upgrades must be true or false`)
    out[projectId] = {
      name: raw.name,
      ...(typeof raw.icon === 'string' && { icon: raw.icon }),
      ...(chainIds && { chainIds }),
      contracts,
      perUserGasPerDay: gas(raw.perUserGasPerDay, `${at}.perUserGasPerDay`),
      perProjectGasPerDay: gas(raw.perProjectGasPerDay, `${at}.perProjectGasPerDay`),
      ...(expiresAt !== undefined && { expiresAt }),
      ...(raw.eip7702Upgrades === true && { eip7702Upgrades: true }),
    }
  }
  return out
}

export interface Call {
  to: Address
  value: bigint
  data: Hex
}

const ACCOUNT_ABI = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function executeBatch(address[] dest, bytes[] func)',
  'function execute(bytes32 mode, bytes executionCalldata)',
])

/**
 * The calls a smart account's `callData` makes, for the account formats the sponsor knows: SimpleAccount v0.6 to
 * v0.8 (`execute`, the three `executeBatch`es, which PorticoAccount inherits) and ERC-7579 `execute(mode, data)` with
 * single or batch call type. Anything else is undefined: the sponsor cannot check it against a policy.
 */
export function decodeAccountCalls(callData: Hex): Call[] | undefined {
  let decoded: { functionName: string; args: readonly unknown[] }
  try {
    decoded = decodeFunctionData({ abi: ACCOUNT_ABI, data: callData }) as typeof decoded
  } catch {
    return undefined
  }
  const { functionName, args } = decoded
  if (functionName === 'execute' && args.length === 3) {
    const [to, value, data] = args as [Address, bigint, Hex]
    return [{ to, value, data }]
  }
  if (functionName === 'executeBatch') {
    if (args.length === 1) return (args[0] as ReadonlyArray<{ target: Address; value: bigint; data: Hex }>).map((c) => ({ to: c.target, value: c.value, data: c.data }))
    if (args.length === 3) {
      const [to, values, data] = args as [Address[], bigint[], Hex[]]
      if (to.length !== data.length || (values.length !== 0 && values.length !== to.length)) return undefined
      return to.map((t, i) => ({ to: t, value: values[i] ?? 0n, data: data[i]! }))
    }
    const [to, data] = args as [Address[], Hex[]]
    if (to.length !== data.length) return undefined
    return to.map((t, i) => ({ to: t, value: 0n, data: data[i]! }))
  }
  // ERC-7579: mode = callType (1 byte) | execType (1) | ...; 0x00 single, 0x01 batch (0xff delegatecall: refused).
  const [mode, execution] = args as [Hex, Hex]
  const callType = slice(mode, 0, 1)
  try {
    if (callType === '0x00') {
      if ((execution.length - 2) / 2 < 52) return undefined
      return [{ to: getAddress(slice(execution, 0, 20)), value: BigInt(slice(execution, 20, 52)), data: slice(execution, 52) as Hex }]
    }
    if (callType === '0x01') {
      const [calls] = decodeAbiParameters([{ type: 'tuple[]', components: [{ name: 'target', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'callData', type: 'bytes' }] }], execution)
      return calls.map((c) => ({ to: c.target, value: c.value, data: c.callData }))
    }
  } catch {
    return undefined
  }
  return undefined
}

/** Why a call is outside the policy, or undefined when every call is inside it. */
export function callOutsidePolicy(policy: SponsorPolicy, calls: readonly Call[]): { reason: 'target' | 'method'; message: string } | undefined {
  for (const call of calls) {
    const rule = policy.contracts.find((c) => c.address.toLowerCase() === call.to.toLowerCase())
    if (!rule) return { reason: 'target', message: `calls to ${getAddress(call.to)} are not sponsored: the policy sponsors calls to ${policy.contracts.map((c) => c.address).join(', ')}` }
    const selector = call.data === '0x' || call.data.length < 10 ? '0x' : call.data.slice(0, 10).toLowerCase()
    if (rule.selectors && !rule.selectors.has(selector)) {
      const what = selector === '0x' ? 'a plain ether transfer (no method)' : `method ${selector}`
      return { reason: 'method', message: `${what} on ${rule.address} is not sponsored: the policy sponsors ${[...rule.selectors].join(', ')} there` }
    }
  }
  return undefined
}

/** Hex check for user operation fields. */
export const isHexString = (v: unknown): v is Hex => typeof v === 'string' && isHex(v, { strict: true })
