/**
 * The stack's sponsor service: an ERC-7677 paymaster web service (`pm_getPaymasterStubData`, `pm_getPaymasterData`)
 * that signs `paymasterData` for the verifying paymaster stack/chain deploys (aa/PorticoPaymaster.sol, OpenZeppelin's
 * PaymasterSigner) when a user operation fits its project's policy: allowed target contracts and methods, a per-user
 * and per-project gas budget per UTC day, and an expiry. The project is the URL's path: POST `<url>/<projectId>`, so
 * viem's `createPaymasterClient({ transport: http(url + '/' + projectId) })` and permissionless use it unchanged.
 * See README.md for what differs from a hosted paymaster.
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { concatHex, getAddress, hexToBigInt, isAddress, numberToHex, pad, toHex, type Address, type Hex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { DEV_SPONSOR_SIGNER_INDEX } from '../chain/erc4337.ts'
import { refuseDevDefaults, sponsorProblems as missingSettings } from '../production.ts'
import { callOutsidePolicy, decodeAccountCalls, isHexString, parsePolicies, PolicyError, type SponsorPolicies, type SponsorPolicy } from './policy.ts'

export { parsePolicies, decodeAccountCalls, methodSelector, PolicyError, type SponsorPolicy, type SponsorPolicies, type ContractRule } from './policy.ts'

const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

/** The dev signer's key (dev mnemonic account 23): publicly known, so production mode refuses it. */
export function devSponsorSignerKey(): Hex {
  return toHex(mnemonicToAccount(DEV_MNEMONIC, { addressIndex: DEV_SPONSOR_SIGNER_INDEX }).getHdKey().privateKey!)
}

/** JSON-RPC error codes. -32001: the sponsor refuses (policy, budget, expiry); `data.reason` says which rule. */
export const SPONSOR_ERRORS = { parse: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, internal: -32603, refused: -32001 } as const

/** Gas the paymaster's validation may use (EIP-712 hash + ecrecover) and its postOp (none: it returns no context). */
export const PAYMASTER_VERIFICATION_GAS = 60_000n
export const PAYMASTER_POST_OP_GAS = 0n

export interface SponsorChain {
  chainId: number
  entryPoint: Address
  /** The verifying paymaster whose signer is this service's key. */
  paymaster: Address
}

export interface SponsorOptions {
  /** One paymaster per chain. */
  chains: readonly SponsorChain[]
  /** The projects' policies, or the path of a JSON policy file (README.md). */
  policies?: SponsorPolicies
  policyFile?: string
  /** The key the paymasters trust; dev default: the dev mnemonic's account 23 (refused in production). */
  signerPrivateKey?: Hex
  /** Production mode (issue 27): refuse the dev signer key and a missing policy, naming each. */
  production?: boolean
  /** Free port when omitted or 0. */
  port?: number
  /** How long a signature stays valid on chain (validUntil), seconds; default 600. */
  validitySeconds?: number
  /** The clock (ms) for the day window, the expiry and validUntil; tests inject one. */
  now?: () => number
  log?: (line: string) => void
}

export interface Sponsor {
  url: string
  signer: Address
  /** Gas charged today (of the injected clock) to a project, or to one sender of it. */
  gasUsedToday(projectId: string, sender?: Address): bigint
  stop(): Promise<void>
}

/** What production mode refuses in these options, one line each (empty: fine). */
export function sponsorProblems(o: Pick<SponsorOptions, 'signerPrivateKey' | 'policies' | 'policyFile'>): string[] {
  const problems = missingSettings(o)
  if (o.signerPrivateKey && o.signerPrivateKey.toLowerCase() === devSponsorSignerKey().toLowerCase())
    problems.unshift('signerPrivateKey is the dev signer\'s key (the dev mnemonic\'s account 23): anyone can sign sponsorships with it')
  return problems
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

const refused = (reason: string, message: string): RpcError => new RpcError(SPONSOR_ERRORS.refused, message, { reason })

/** EntryPoint v0.8 / ERC-7677: `factory: "0x7702"` marks a sender authorized by the operation's `eip7702Auth`. */
const EIP7702_MARKER = '0x7702'

interface UserOp {
  sender: Address
  nonce: bigint
  /** An address, or EntryPoint v0.8's EIP-7702 marker: the sender is an EOA whose authorization rides along. */
  factory?: Address | typeof EIP7702_MARKER
  factoryData: Hex
  callData: Hex
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
}

/** ERC-7677 params[0] for EntryPoint v0.7/v0.8 (hex quantities), with a message naming the bad field. */
function parseUserOp(raw: unknown, stub: boolean): UserOp {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new RpcError(SPONSOR_ERRORS.invalidParams, 'params[0] must be the user operation (an object)')
  const op = raw as Record<string, unknown>
  if ('initCode' in op && !('factory' in op)) throw new RpcError(SPONSOR_ERRORS.invalidParams, 'params[0] is an EntryPoint v0.6 user operation (initCode): the sponsor serves EntryPoint v0.7/v0.8 (factory, factoryData)')
  const address = (k: string, optional = false): Address | undefined => {
    const v = op[k]
    if (v === undefined || v === null) {
      if (optional) return undefined
      throw new RpcError(SPONSOR_ERRORS.invalidParams, `params[0].${k} is missing`)
    }
    if (typeof v !== 'string' || !isAddress(v, { strict: false })) throw new RpcError(SPONSOR_ERRORS.invalidParams, `params[0].${k} must be an address, got ${JSON.stringify(v)}`)
    return getAddress(v)
  }
  const bytes = (k: string, optional = false): Hex => {
    const v = op[k]
    if ((v === undefined || v === null) && optional) return '0x'
    if (!isHexString(v) || v.length % 2 !== 0) throw new RpcError(SPONSOR_ERRORS.invalidParams, `params[0].${k} must be 0x-prefixed hex bytes, got ${JSON.stringify(v)}`)
    return v
  }
  // Gas fields may be absent (or 0x0) for the stub: the wallet has not estimated yet.
  const quantity = (k: string, fallback?: bigint): bigint => {
    const v = op[k]
    if ((v === undefined || v === null) && fallback !== undefined) return fallback
    if (!isHexString(v) || v === '0x') throw new RpcError(SPONSOR_ERRORS.invalidParams, `params[0].${k} must be a hex quantity, got ${JSON.stringify(v)}`)
    const n = hexToBigInt(v)
    if (n >= 2n ** 128n) throw new RpcError(SPONSOR_ERRORS.invalidParams, `params[0].${k} does not fit in 128 bits`)
    return n
  }
  // The 7702 marker is not an address: the operation carries the EOA's EIP-7702 authorization (eip7702Auth, which the
  // bundler and the chain check); the paymaster signs the initCode as the bundler packs it (0x7702 || factoryData).
  const factory = typeof op.factory === 'string' && op.factory.toLowerCase() === EIP7702_MARKER ? EIP7702_MARKER : address('factory', true)
  const gasDefault = stub ? 0n : undefined
  return {
    sender: address('sender')!,
    nonce: (() => {
      const v = op.nonce
      if (!isHexString(v) || v === '0x') throw new RpcError(SPONSOR_ERRORS.invalidParams, `params[0].nonce must be a hex quantity, got ${JSON.stringify(v)}`)
      return hexToBigInt(v)
    })(),
    ...(factory && { factory }),
    factoryData: bytes('factoryData', true),
    callData: bytes('callData'),
    callGasLimit: quantity('callGasLimit', gasDefault),
    verificationGasLimit: quantity('verificationGasLimit', gasDefault),
    preVerificationGas: quantity('preVerificationGas', gasDefault),
    maxFeePerGas: quantity('maxFeePerGas', gasDefault),
    maxPriorityFeePerGas: quantity('maxPriorityFeePerGas', gasDefault),
    paymasterVerificationGasLimit: quantity('paymasterVerificationGasLimit', PAYMASTER_VERIFICATION_GAS),
    paymasterPostOpGasLimit: quantity('paymasterPostOpGasLimit', PAYMASTER_POST_OP_GAS),
  }
}

const USER_OPERATION_REQUEST = {
  UserOperationRequest: [
    { name: 'sender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'initCode', type: 'bytes' },
    { name: 'callData', type: 'bytes' },
    { name: 'accountGasLimits', type: 'bytes32' },
    { name: 'preVerificationGas', type: 'uint256' },
    { name: 'gasFees', type: 'bytes32' },
    { name: 'paymasterVerificationGasLimit', type: 'uint256' },
    { name: 'paymasterPostOpGasLimit', type: 'uint256' },
    { name: 'validAfter', type: 'uint48' },
    { name: 'validUntil', type: 'uint48' },
  ],
} as const

const packUints = (high: bigint, low: bigint): Hex => concatHex([pad(numberToHex(high), { size: 16 }), pad(numberToHex(low), { size: 16 })])

/** A 65-byte signature of the right shape for gas estimation (the paymaster answers SIG_VALIDATION_FAILED to it). */
const STUB_SIGNATURE: Hex = `0x${'ff'.repeat(32)}${'7f'.repeat(32)}1c`

const DAY_MS = 86_400_000
const MAX_BODY = 64 * 1024

export async function startSponsor(opts: SponsorOptions): Promise<Sponsor> {
  if (opts.production) refuseDevDefaults('sponsor', sponsorProblems(opts))
  if (opts.policies && opts.policyFile) throw new Error('sponsor: give policies or policyFile, not both')
  let policies: SponsorPolicies
  if (opts.policyFile) {
    let text: string
    try {
      text = readFileSync(opts.policyFile, 'utf8')
    } catch (error) {
      throw new PolicyError(`cannot read the policy file ${opts.policyFile}: ${(error as Error).message}`)
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      throw new PolicyError(`the policy file ${opts.policyFile} is not JSON: ${(error as Error).message}`)
    }
    policies = parsePolicies(json)
  } else {
    if (!opts.policies) throw new Error('sponsor: policies or policyFile is required')
    policies = opts.policies
  }
  if (opts.chains.length === 0) throw new Error('sponsor: chains is empty (one paymaster per chain)')
  const signer = privateKeyToAccount(opts.signerPrivateKey ?? devSponsorSignerKey())
  const now = opts.now ?? Date.now
  const validity = BigInt(opts.validitySeconds ?? 600)
  const chains = new Map(opts.chains.map((c) => [c.chainId, c]))

  // Gas charged per UTC day: per project, and per project+sender. A re-signed operation (same sender and nonce)
  // replaces its earlier charge instead of adding to it.
  let day = -1
  const projectGas = new Map<string, bigint>()
  const userGas = new Map<string, bigint>()
  const charges = new Map<string, bigint>()
  const rollDay = (): void => {
    const today = Math.floor(now() / DAY_MS)
    if (today === day) return
    day = today
    projectGas.clear()
    userGas.clear()
    charges.clear()
  }
  const userKey = (projectId: string, sender: Address): string => `${projectId}\n${sender.toLowerCase()}`

  const check = (projectId: string, policy: SponsorPolicy, chain: SponsorChain, op: UserOp, gas: bigint): { previous: bigint } => {
    if (policy.expiresAt !== undefined && now() >= policy.expiresAt) throw refused('expired', `the sponsorship policy of project "${projectId}" expired at ${new Date(policy.expiresAt).toISOString()}`)
    if (policy.chainIds && !policy.chainIds.has(chain.chainId)) throw refused('chain', `project "${projectId}" is not sponsored on chain ${chain.chainId}`)
    const calls = decodeAccountCalls(op.callData)
    if (!calls) throw refused('callData', 'the user operation\'s callData is not an account call the sponsor can read (SimpleAccount execute/executeBatch or ERC-7579 execute): it cannot be checked against the policy')
    if (calls.length === 0) {
      // An EIP-7702 upgrade alone (the authorization, no call) is paid only where the policy says so.
      if (op.factory !== EIP7702_MARKER) throw refused('callData', 'the user operation makes no call')
      if (!policy.eip7702Upgrades) throw refused('upgrade', `project "${projectId}" does not sponsor EIP-7702 upgrades without a call (policy eip7702Upgrades)`)
    }
    const outside = callOutsidePolicy(policy, calls)
    if (outside) throw refused(outside.reason, outside.message)
    rollDay()
    const previous = charges.get(`${userKey(projectId, op.sender)}\n${op.nonce}`) ?? 0n
    const user = (userGas.get(userKey(projectId, op.sender)) ?? 0n) - previous
    const project = (projectGas.get(projectId) ?? 0n) - previous
    // The stub has no gas limits yet: it only checks that some budget is left.
    const need = gas === 0n ? 1n : gas
    if (user + need > policy.perUserGasPerDay)
      throw refused('userBudget', `the daily gas budget of ${op.sender} for project "${projectId}" is exhausted: ${user} of ${policy.perUserGasPerDay} gas used today (UTC), this operation needs up to ${gas}`)
    if (project + need > policy.perProjectGasPerDay)
      throw refused('projectBudget', `the daily gas budget of project "${projectId}" is exhausted: ${project} of ${policy.perProjectGasPerDay} gas used today (UTC), this operation needs up to ${gas}`)
    return { previous }
  }

  const handle = async (projectId: string, method: unknown, params: unknown): Promise<unknown> => {
    if (method !== 'pm_getPaymasterStubData' && method !== 'pm_getPaymasterData') {
      throw new RpcError(SPONSOR_ERRORS.methodNotFound, `${typeof method === 'string' ? method : JSON.stringify(method)} is not a method of the sponsor: it serves pm_getPaymasterStubData and pm_getPaymasterData (ERC-7677)`)
    }
    if (!Array.isArray(params) || params.length < 3) throw new RpcError(SPONSOR_ERRORS.invalidParams, `${method} takes [userOperation, entryPoint, chainId, context?]`)
    const stub = method === 'pm_getPaymasterStubData'
    const op = parseUserOp(params[0], stub)
    const entryPoint = params[1]
    if (typeof entryPoint !== 'string' || !isAddress(entryPoint, { strict: false })) throw new RpcError(SPONSOR_ERRORS.invalidParams, `params[1] must be the EntryPoint address, got ${JSON.stringify(entryPoint)}`)
    const rawChain = params[2]
    if (!isHexString(rawChain) || rawChain === '0x') throw new RpcError(SPONSOR_ERRORS.invalidParams, `params[2] must be the chain id as hex, got ${JSON.stringify(rawChain)}`)
    const chainId = Number(hexToBigInt(rawChain))
    const chain = chains.get(chainId)
    if (!chain) throw refused('chain', `the sponsor has no paymaster on chain ${chainId}: it serves ${[...chains.keys()].join(', ')}`)
    if (entryPoint.toLowerCase() !== chain.entryPoint.toLowerCase()) throw refused('entryPoint', `the paymaster on chain ${chainId} serves EntryPoint ${chain.entryPoint}, not ${getAddress(entryPoint)}`)
    const policy = Object.hasOwn(policies, projectId) ? policies[projectId] : undefined
    if (!policy) throw refused('project', `project "${projectId}" has no sponsorship policy`)

    const gas = stub ? 0n : op.callGasLimit + op.verificationGasLimit + op.preVerificationGas + op.paymasterVerificationGasLimit + op.paymasterPostOpGasLimit
    const { previous } = check(projectId, policy, chain, op, gas)
    if (stub) {
      return {
        sponsor: { name: policy.name, ...(policy.icon && { icon: policy.icon }) },
        paymaster: chain.paymaster,
        paymasterData: concatHex([pad('0x0', { size: 6 }), pad('0x0', { size: 6 }), STUB_SIGNATURE]),
        paymasterVerificationGasLimit: numberToHex(PAYMASTER_VERIFICATION_GAS),
        paymasterPostOpGasLimit: numberToHex(PAYMASTER_POST_OP_GAS),
      }
    }
    if (op.maxFeePerGas === 0n) throw new RpcError(SPONSOR_ERRORS.invalidParams, 'params[0].maxFeePerGas is 0: pm_getPaymasterData signs the final gas values')
    const validAfter = 0n
    const validUntil = BigInt(Math.floor(now() / 1000)) + validity
    const signature = await signer.signTypedData({
      domain: { name: 'PorticoPaymaster', version: '1', chainId, verifyingContract: chain.paymaster },
      types: USER_OPERATION_REQUEST,
      primaryType: 'UserOperationRequest',
      message: {
        sender: op.sender,
        nonce: op.nonce,
        initCode: op.factory ? concatHex([op.factory, op.factoryData]) : '0x',
        callData: op.callData,
        accountGasLimits: packUints(op.verificationGasLimit, op.callGasLimit),
        preVerificationGas: op.preVerificationGas,
        gasFees: packUints(op.maxPriorityFeePerGas, op.maxFeePerGas),
        paymasterVerificationGasLimit: op.paymasterVerificationGasLimit,
        paymasterPostOpGasLimit: op.paymasterPostOpGasLimit,
        validAfter: Number(validAfter),
        validUntil: Number(validUntil),
      },
    })
    // Charge the whole gas limit now (the service does not watch receipts): conservative, see README.md.
    const key = userKey(projectId, op.sender)
    charges.set(`${key}\n${op.nonce}`, gas)
    userGas.set(key, (userGas.get(key) ?? 0n) - previous + gas)
    projectGas.set(projectId, (projectGas.get(projectId) ?? 0n) - previous + gas)
    opts.log?.(`[sponsor] ${projectId} ${op.sender} nonce ${op.nonce} on ${chainId}: up to ${gas} gas`)
    return {
      paymaster: chain.paymaster,
      paymasterData: concatHex([pad(numberToHex(validAfter), { size: 6 }), pad(numberToHex(validUntil), { size: 6 }), signature]),
      paymasterVerificationGasLimit: numberToHex(op.paymasterVerificationGasLimit),
      paymasterPostOpGasLimit: numberToHex(op.paymasterPostOpGasLimit),
    }
  }

  const answer = async (projectId: string, body: unknown): Promise<unknown> => {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return { jsonrpc: '2.0', id: null, error: { code: SPONSOR_ERRORS.invalidRequest, message: 'a JSON-RPC request must be an object with jsonrpc "2.0", id, method and params' } }
    const req = body as Record<string, unknown>
    const id = typeof req.id === 'string' || typeof req.id === 'number' ? req.id : null
    try {
      if (req.jsonrpc !== '2.0' || typeof req.method !== 'string') throw new RpcError(SPONSOR_ERRORS.invalidRequest, 'a JSON-RPC request must have jsonrpc "2.0" and a method name')
      return { jsonrpc: '2.0', id, result: await handle(projectId, req.method, req.params) }
    } catch (error) {
      if (error instanceof RpcError) return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data !== undefined && { data: error.data }) } }
      opts.log?.(`[sponsor] ${(error as Error).stack ?? String(error)}`)
      return { jsonrpc: '2.0', id, error: { code: SPONSOR_ERRORS.internal, message: 'internal error' } }
    }
  }

  const send = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
    res.end(JSON.stringify(body))
  }
  const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', id: null, error: { code, message } })

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'content-type' })
      res.end()
      return
    }
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (req.method === 'GET' && path === '/health') return send(res, 200, { ok: true, signer: signer.address })
    if (req.method !== 'POST') return send(res, 405, rpcError(SPONSOR_ERRORS.invalidRequest, 'POST JSON-RPC to /<projectId>'))
    const projectId = decodeURIComponent(path.slice(1))
    if (!projectId || projectId.includes('/')) return send(res, 404, rpcError(SPONSOR_ERRORS.invalidRequest, 'the URL names no project: POST JSON-RPC to /<projectId>'))
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY) tooLarge = true
      else chunks.push(c)
    })
    req.on('end', () => {
      if (tooLarge) return send(res, 413, rpcError(SPONSOR_ERRORS.invalidRequest, `the request body is larger than ${MAX_BODY} bytes`))
      let body: unknown
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        return send(res, 200, rpcError(SPONSOR_ERRORS.parse, 'parse error: the request body is not JSON'))
      }
      const work = Array.isArray(body)
        ? body.length === 0
          ? Promise.resolve(rpcError(SPONSOR_ERRORS.invalidRequest, 'an empty batch'))
          : Promise.all(body.map((b) => answer(projectId, b)))
        : answer(projectId, body)
      void work.then((out) => send(res, 200, out))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    signer: signer.address,
    gasUsedToday(projectId, sender) {
      rollDay()
      return sender ? (userGas.get(userKey(projectId, sender)) ?? 0n) : (projectGas.get(projectId) ?? 0n)
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** `<chainId>:<entryPoint>:<paymaster>` (the CLI's `--paymaster`, portico-stack's `services.sponsor.paymasters`). */
export function parsePaymasterSpec(spec: string): SponsorChain {
  const [id, entryPoint, paymaster, extra] = spec.split(':')
  if (!id || !/^\d+$/.test(id) || !entryPoint || !isAddress(entryPoint) || !paymaster || !isAddress(paymaster) || extra !== undefined)
    throw new Error(`wants <chainId>:<entryPoint>:<paymaster>, got "${spec}"`)
  return { chainId: Number(id), entryPoint: getAddress(entryPoint), paymaster: getAddress(paymaster) }
}

/** The demo's policy: project `projectId` sponsors USDC/DAI transfer and approve, and NFT transfers, on the dev chains. */
export function devSponsorPolicies(projectId: string, contracts: { usdc6: Address; dai18: Address; nft: Address }): SponsorPolicies {
  return parsePolicies({
    projects: {
      [projectId]: {
        name: 'Portico Demo',
        contracts: [
          { address: contracts.usdc6, methods: ['transfer(address,uint256)', 'approve(address,uint256)'] },
          { address: contracts.dai18, methods: ['transfer(address,uint256)', 'approve(address,uint256)'] },
          { address: contracts.nft, methods: ['transferFrom(address,address,uint256)', 'safeTransferFrom(address,address,uint256)'] },
        ],
        perUserGasPerDay: '5000000',
        perProjectGasPerDay: '200000000',
        // The embedded wallet's EIP-7702 upgrade (an operation with the authorization and no call).
        eip7702Upgrades: true,
      },
    },
  })
}
