import { base58, base64 } from '@scure/base'
import { PublicKey, SystemProgram, Transaction, VersionedMessage, type Keypair } from '@solana/web3.js'
import {
  decodeMint,
  decodeTokenAccount,
  encodeAccount,
  parseAccountEncoding,
  parseDataSlice,
  TOKEN_PROGRAMS,
  uiTokenAmount,
  type AccountEncoding,
  type AccountState,
  type DataSlice,
} from './accounts.ts'
import { invalidParams, RpcError, transactionErrorText } from './errors.ts'
import { decodeWireTransaction, SLOTS_PER_EPOCH, type SimulationReport, type SolanaLedger } from './ledger.ts'
import { encodeInnerInstructions, encodeReturnData, encodeTransactionRecord, parseTransactionEncoding } from './transactions.ts'

/** Nominal: the Agave line whose RPC shapes this facade follows. No node software of that version runs here. */
export const SOLANA_CORE_VERSION = '2.3.0'
export const FEATURE_SET = 3_640_012_085

const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])
const MAX_MULTIPLE_ACCOUNTS = 100
const MAX_SIGNATURE_STATUSES = 256
const MAX_SIGNATURES_FOR_ADDRESS = 1000
const PACKET_DATA_SIZE = 1232

export type ClusterIdentity = { genesisHash: string; faucet: Keypair; identity: string }

type Config = Record<string, unknown>

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'sequence'
  if (typeof value === 'object') return 'map'
  return `${typeof value} ${JSON.stringify(value)}`
}

function args(params: unknown, min: number): unknown[] {
  const list = params === undefined || params === null ? [] : params
  if (!Array.isArray(list)) throw invalidParams('Invalid params: expected an array of parameters')
  if (list.length < min) throw invalidParams(`\`params\` should have at least ${min} argument(s)`)
  return list
}

function configArg(value: unknown): Config {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams(`Invalid params: invalid type: ${describe(value)}, expected a config map.`)
  return value as Config
}

function stringArg(value: unknown): string {
  if (typeof value !== 'string') throw invalidParams(`Invalid params: invalid type: ${describe(value)}, expected a string.`)
  return value
}

function base58Arg(value: unknown, size: number): string {
  const text = stringArg(value)
  let bytes: Uint8Array
  try {
    bytes = base58.decode(text)
  } catch {
    throw invalidParams('Invalid param: Invalid')
  }
  if (bytes.length !== size) throw invalidParams('Invalid param: WrongSize')
  return text
}

const pubkeyArg = (value: unknown): string => base58Arg(value, 32)

function signatureArg(value: unknown): string {
  try {
    return base58Arg(value, 64)
  } catch {
    throw invalidParams('Invalid param: Invalid signature')
  }
}

function u64Arg(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`Invalid params: invalid type: ${describe(value)}, expected u64 (${name}).`)
  }
  return value
}

/**
 * Every commitment level is accepted and they all read the same state: the single leader confirms and roots a
 * transaction in the slot it lands in.
 */
function checkCommitment(config: Config, atLeastConfirmed = false): void {
  const c = config.commitment
  if (c === undefined || c === null) return
  if (typeof c !== 'string' || !COMMITMENTS.has(c)) {
    throw invalidParams(`Invalid params: unknown variant \`${String(c)}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\`.`)
  }
  if (atLeastConfirmed && (c === 'processed' || c === 'recent')) throw invalidParams('Method does not support commitment below `confirmed`')
}

/**
 * The JSON-RPC methods a wallet, web3.js Connection and @solana/kit use, over a SolanaLedger. Each method takes the
 * raw `params` and returns the `result`, or throws an RpcError with the validator's code and message.
 */
export class SolanaRpc {
  private readonly methods: Record<string, (params: unknown) => unknown>

  constructor(
    private readonly ledger: SolanaLedger,
    private readonly cluster: ClusterIdentity,
    private readonly log?: (s: string) => void,
  ) {
    this.methods = {
      getAccountInfo: (p) => this.getAccountInfo(p),
      getBalance: (p) => this.getBalance(p),
      getBlockHeight: (p) => this.withContextCheck(p, 0, () => this.ledger.blockHeight),
      getEpochInfo: (p) => this.withContextCheck(p, 0, () => this.ledger.epochInfo()),
      getEpochSchedule: () => ({ slotsPerEpoch: SLOTS_PER_EPOCH, leaderScheduleSlotOffset: SLOTS_PER_EPOCH, warmup: false, firstNormalEpoch: 0, firstNormalSlot: 0 }),
      getFeeForMessage: (p) => this.getFeeForMessage(p),
      getFirstAvailableBlock: () => 0,
      getGenesisHash: () => this.cluster.genesisHash,
      getHealth: () => 'ok',
      getIdentity: () => ({ identity: this.cluster.identity }),
      getLatestBlockhash: (p) => this.withContextCheck(p, 0, () => ({ context: this.context(), value: this.ledger.latestBlockhash })),
      getMinimumBalanceForRentExemption: (p) => this.getMinimumBalanceForRentExemption(p),
      getMultipleAccounts: (p) => this.getMultipleAccounts(p),
      getProgramAccounts: (p) => this.getProgramAccounts(p),
      getRecentPrioritizationFees: (p) => this.getRecentPrioritizationFees(p),
      getSignatureStatuses: (p) => this.getSignatureStatuses(p),
      getSignaturesForAddress: (p) => this.getSignaturesForAddress(p),
      getSlot: (p) => this.withContextCheck(p, 0, () => this.ledger.slot),
      getTokenAccountBalance: (p) => this.getTokenAccountBalance(p),
      getTokenAccountsByOwner: (p) => this.getTokenAccountsByOwner(p),
      getTokenSupply: (p) => this.getTokenSupply(p),
      getTransaction: (p) => this.getTransaction(p),
      getTransactionCount: (p) => this.withContextCheck(p, 0, () => this.ledger.epochInfo().transactionCount),
      getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': FEATURE_SET }),
      isBlockhashValid: (p) => this.isBlockhashValid(p),
      minimumLedgerSlot: () => 0,
      requestAirdrop: (p) => this.requestAirdrop(p),
      sendTransaction: (p) => this.sendTransaction(p),
      simulateTransaction: (p) => this.simulateTransaction(p),
    }
  }

  call(method: string, params: unknown): unknown {
    const handler = Object.hasOwn(this.methods, method) ? this.methods[method] : undefined
    if (!handler) throw new RpcError(-32601, 'Method not found')
    return handler(params)
  }

  context(): { slot: number; apiVersion: string } {
    return { slot: this.ledger.slot, apiVersion: SOLANA_CORE_VERSION }
  }

  findMint = (mint: string) => this.ledger.findMint(mint)

  encode(account: AccountState | null, encoding: AccountEncoding, dataSlice?: DataSlice): unknown {
    return account ? encodeAccount(account, encoding, this.findMint, dataSlice) : null
  }

  private checkMinContextSlot(config: Config): void {
    const min = config.minContextSlot
    if (min === undefined || min === null) return
    u64Arg(min, 'minContextSlot')
    if ((min as number) > this.ledger.slot) {
      throw new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: this.ledger.slot })
    }
  }

  private checkConfig(config: Config, atLeastConfirmed = false): Config {
    checkCommitment(config, atLeastConfirmed)
    this.checkMinContextSlot(config)
    return config
  }

  private withContextCheck<T>(params: unknown, configIndex: number, run: () => T): T {
    this.checkConfig(configArg(args(params, 0)[configIndex]))
    return run()
  }

  private getBalance(params: unknown): unknown {
    const [address, cfg] = args(params, 1)
    const key = pubkeyArg(address)
    this.checkConfig(configArg(cfg))
    return { context: this.context(), value: this.ledger.getAccount(key)?.lamports ?? 0n }
  }

  private getAccountInfo(params: unknown): unknown {
    const [address, cfg] = args(params, 1)
    const key = pubkeyArg(address)
    const config = this.checkConfig(configArg(cfg))
    const encoding = parseAccountEncoding(config.encoding, 'binary')
    return { context: this.context(), value: this.encode(this.ledger.getAccount(key), encoding, parseDataSlice(config.dataSlice)) }
  }

  private getMultipleAccounts(params: unknown): unknown {
    const [addresses, cfg] = args(params, 1)
    if (!Array.isArray(addresses)) throw invalidParams(`Invalid params: invalid type: ${describe(addresses)}, expected a sequence.`)
    if (addresses.length > MAX_MULTIPLE_ACCOUNTS) throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`)
    const keys = addresses.map(pubkeyArg)
    const config = this.checkConfig(configArg(cfg))
    const encoding = parseAccountEncoding(config.encoding, 'base64')
    const slice = parseDataSlice(config.dataSlice)
    return { context: this.context(), value: keys.map((k) => this.encode(this.ledger.getAccount(k), encoding, slice)) }
  }

  private getProgramAccounts(params: unknown): unknown {
    const [program, cfg] = args(params, 1)
    const programId = pubkeyArg(program)
    const config = this.checkConfig(configArg(cfg))
    const encoding = parseAccountEncoding(config.encoding, 'binary')
    const slice = parseDataSlice(config.dataSlice)
    const filters = config.filters === undefined || config.filters === null ? [] : config.filters
    if (!Array.isArray(filters) || filters.length > 4) throw invalidParams('Too many filters provided; max 4')
    const tests = filters.map((f: unknown): ((a: AccountState) => boolean) => {
      const filter = f as { dataSize?: unknown; memcmp?: { offset?: unknown; bytes?: unknown; encoding?: unknown } }
      if (filter && typeof filter.dataSize === 'number') return (a) => a.data.length === filter.dataSize
      const memcmp = filter?.memcmp
      if (memcmp && Number.isInteger(memcmp.offset) && typeof memcmp.bytes === 'string') {
        let bytes: Uint8Array
        try {
          bytes = memcmp.encoding === 'base64' ? base64.decode(memcmp.bytes) : base58.decode(memcmp.bytes)
        } catch {
          throw invalidParams('Invalid param: memcmp bytes do not decode')
        }
        const offset = memcmp.offset as number
        return (a) => a.data.length >= offset + bytes.length && bytes.every((b, i) => a.data[offset + i] === b)
      }
      throw invalidParams(`Invalid params: unknown filter ${JSON.stringify(f)}`)
    })
    const value = this.ledger
      .programAccounts(programId)
      .filter(({ account }) => tests.every((t) => t(account)))
      .map(({ address, account }) => ({ pubkey: address, account: this.encode(account, encoding, slice) }))
    return config.withContext === true ? { context: this.context(), value } : value
  }

  private getMinimumBalanceForRentExemption(params: unknown): unknown {
    const [length, cfg] = args(params, 1)
    this.checkConfig(configArg(cfg))
    return this.ledger.minimumBalanceForRentExemption(u64Arg(length, 'data length'))
  }

  private isBlockhashValid(params: unknown): unknown {
    const [hash, cfg] = args(params, 1)
    const blockhash = base58Arg(hash, 32)
    this.checkConfig(configArg(cfg))
    return { context: this.context(), value: this.ledger.isBlockhashValid(blockhash) }
  }

  private getFeeForMessage(params: unknown): unknown {
    const [encoded, cfg] = args(params, 1)
    this.checkConfig(configArg(cfg))
    let message: VersionedMessage
    try {
      message = VersionedMessage.deserialize(base64.decode(stringArg(encoded)))
    } catch (err) {
      if (err instanceof RpcError) throw err
      throw invalidParams(`invalid transaction message: ${(err as Error).message}`)
    }
    const valid = this.ledger.isBlockhashValid(message.recentBlockhash)
    return { context: this.context(), value: valid ? this.ledger.feeForMessage(message) : null }
  }

  private getRecentPrioritizationFees(params: unknown): unknown {
    const [addresses] = args(params, 0)
    if (addresses !== undefined && addresses !== null) {
      if (!Array.isArray(addresses) || addresses.length > 128) throw invalidParams('Too many inputs provided; max 128')
      addresses.forEach(pubkeyArg)
    }
    const newest = this.ledger.slot
    const oldest = Math.max(0, newest - 149)
    return Array.from({ length: newest - oldest + 1 }, (_, i) => ({ slot: oldest + i, prioritizationFee: 0 }))
  }

  private getSignatureStatuses(params: unknown): unknown {
    const [signatures, cfg] = args(params, 1)
    if (!Array.isArray(signatures)) throw invalidParams(`Invalid params: invalid type: ${describe(signatures)}, expected a sequence.`)
    if (signatures.length > MAX_SIGNATURE_STATUSES) throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`)
    const keys = signatures.map(signatureArg)
    configArg(cfg)
    return {
      context: this.context(),
      value: keys.map((sig) => {
        const record = this.ledger.getTransaction(sig)
        if (!record) return null
        return {
          confirmationStatus: 'finalized',
          confirmations: null,
          err: record.err,
          slot: record.slot,
          status: record.err === null ? { Ok: null } : { Err: record.err },
        }
      }),
    }
  }

  private getSignaturesForAddress(params: unknown): unknown {
    const [address, cfg] = args(params, 1)
    const key = pubkeyArg(address)
    const config = this.checkConfig(configArg(cfg), true)
    const limit = config.limit === undefined || config.limit === null ? MAX_SIGNATURES_FOR_ADDRESS : config.limit
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_SIGNATURES_FOR_ADDRESS) {
      throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`)
    }
    const before = config.before === undefined || config.before === null ? undefined : signatureArg(config.before)
    const until = config.until === undefined || config.until === null ? undefined : signatureArg(config.until)
    let list = this.ledger.signaturesFor(key)
    if (before !== undefined) {
      const at = list.findIndex((r) => r.signature === before)
      list = at < 0 ? [] : list.slice(at + 1)
    }
    if (until !== undefined) {
      const at = list.findIndex((r) => r.signature === until)
      if (at >= 0) list = list.slice(0, at)
    }
    return list.slice(0, limit).map((r) => ({
      blockTime: r.blockTime,
      confirmationStatus: 'finalized',
      err: r.err,
      memo: r.memo,
      signature: r.signature,
      slot: r.slot,
    }))
  }

  private getTransaction(params: unknown): unknown {
    const [signature, cfg] = args(params, 1)
    const sig = signatureArg(signature)
    // The legacy form passes the encoding string itself as the second parameter.
    const config = typeof cfg === 'string' ? { encoding: cfg } : this.checkConfig(configArg(cfg), true)
    const encoding = parseTransactionEncoding(config.encoding)
    const max = config.maxSupportedTransactionVersion
    if (max !== undefined && max !== null && max !== 0) throw invalidParams(`Invalid params: unsupported maxSupportedTransactionVersion ${String(max)}`)
    const record = this.ledger.getTransaction(sig)
    if (!record) return null
    const maxVersion = max === 0 ? 0 : undefined
    if (record.message.version === 0 && maxVersion === undefined) {
      throw new RpcError(
        -32015,
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      )
    }
    return encodeTransactionRecord(record, encoding, maxVersion)
  }

  private tokenProgramOf(filter: unknown): { programId: string; mint?: string } {
    const f = filter as { mint?: unknown; programId?: unknown } | null
    if (!f || typeof f !== 'object' || Array.isArray(f) || (f.mint === undefined) === (f.programId === undefined)) {
      throw invalidParams('Invalid params: expected a filter with exactly one of `mint` or `programId`')
    }
    if (f.mint !== undefined) {
      const mint = pubkeyArg(f.mint)
      const account = this.ledger.getAccount(mint)
      if (!account || !decodeMint(account)) throw invalidParams('Invalid param: could not find mint')
      return { programId: account.owner, mint }
    }
    const programId = pubkeyArg(f.programId)
    if (!TOKEN_PROGRAMS.has(programId)) throw invalidParams('Invalid param: unrecognized Token program id')
    return { programId }
  }

  private getTokenAccountsByOwner(params: unknown): unknown {
    const [owner, filter, cfg] = args(params, 2)
    const ownerKey = pubkeyArg(owner)
    const { programId, mint } = this.tokenProgramOf(filter)
    const config = this.checkConfig(configArg(cfg))
    const encoding = parseAccountEncoding(config.encoding, 'binary')
    const slice = parseDataSlice(config.dataSlice)
    const value = this.ledger
      .programAccounts(programId)
      .filter(({ account }) => {
        const token = decodeTokenAccount(account)
        return token !== null && token.owner === ownerKey && (mint === undefined || token.mint === mint)
      })
      .map(({ address, account }) => ({ pubkey: address, account: this.encode(account, encoding, slice) }))
    return { context: this.context(), value }
  }

  private getTokenAccountBalance(params: unknown): unknown {
    const [address, cfg] = args(params, 1)
    const key = pubkeyArg(address)
    this.checkConfig(configArg(cfg))
    const account = this.ledger.getAccount(key)
    const token = account && decodeTokenAccount(account)
    if (!token) throw invalidParams('Invalid param: not a Token account')
    const mint = this.ledger.findMint(token.mint)
    if (!mint) throw invalidParams('Invalid param: could not find mint')
    return { context: this.context(), value: uiTokenAmount(token.amount, mint.decimals) }
  }

  private getTokenSupply(params: unknown): unknown {
    const [address, cfg] = args(params, 1)
    const key = pubkeyArg(address)
    this.checkConfig(configArg(cfg))
    const account = this.ledger.getAccount(key)
    const mint = account && decodeMint(account)
    if (!mint) throw invalidParams('Invalid param: not a Token mint')
    return { context: this.context(), value: uiTokenAmount(mint.supply, mint.decimals) }
  }

  private decodeTransactionParam(encoded: unknown, encodingValue: unknown) {
    const text = stringArg(encoded)
    const encoding = encodingValue === undefined || encodingValue === null ? 'base58' : encodingValue
    if (encoding !== 'base58' && encoding !== 'base64') {
      throw invalidParams(`Invalid params: unsupported encoding: ${String(encoding)}. Supported encodings: base58, base64`)
    }
    let wire: Uint8Array
    try {
      wire = encoding === 'base64' ? base64.decode(text) : base58.decode(text)
    } catch {
      throw invalidParams(`invalid ${encoding} encoding: the transaction does not decode`)
    }
    if (wire.length > PACKET_DATA_SIZE) {
      throw invalidParams(`${encoding} encoded solana_transaction::versioned::VersionedTransaction too large: ${wire.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`)
    }
    return decodeWireTransaction(wire)
  }

  private simulationValue(sim: SimulationReport, keys: string[], extra: Record<string, unknown>): Record<string, unknown> {
    return {
      accounts: null,
      err: sim.err,
      fee: sim.fee,
      innerInstructions: null,
      loadedAccountsDataSize: 0,
      logs: sim.logs,
      replacementBlockhash: null,
      returnData: encodeReturnData(sim.returnData),
      unitsConsumed: sim.unitsConsumed,
      ...extra,
      ...(extra.innerInstructions === true ? { innerInstructions: encodeInnerInstructions(sim.innerInstructions, keys, true) } : {}),
    }
  }

  private blockhashNotFound(fee: bigint): SimulationReport {
    return { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0n, innerInstructions: [], returnData: null, fee, postAccounts: new Map() }
  }

  private sendTransaction(params: unknown): unknown {
    const [encoded, cfg] = args(params, 1)
    const config = configArg(cfg)
    const decoded = this.decodeTransactionParam(encoded, config.encoding)
    this.checkMinContextSlot(config)
    if (config.preflightCommitment !== undefined) checkCommitment({ commitment: config.preflightCommitment })
    if (config.skipPreflight !== true) {
      const sim = this.ledger.hasValidLifetime(decoded.message)
        ? this.ledger.simulate(decoded, true)
        : this.blockhashNotFound(this.ledger.feeForMessage(decoded.message))
      if (sim.err === 'SignatureFailure') throw new RpcError(-32003, 'Transaction signature verification failure')
      if (sim.err !== null) {
        const keys = this.ledger.resolveAccountKeys(decoded.message).keys
        throw new RpcError(-32002, `Transaction simulation failed: ${transactionErrorText(sim.err)}`, this.simulationValue(sim, keys, {}))
      }
    }
    const outcome = this.ledger.submit(decoded)
    if (outcome.dropped !== undefined) {
      this.log?.(`solana: dropped ${outcome.signature}: ${transactionErrorText(outcome.dropped)}`)
    }
    return outcome.signature
  }

  private simulateTransaction(params: unknown): unknown {
    const [encoded, cfg] = args(params, 1)
    const config = this.checkConfig(configArg(cfg))
    const sigVerify = config.sigVerify === true
    const replace = config.replaceRecentBlockhash === true
    if (sigVerify && replace) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
    const decoded = this.decodeTransactionParam(encoded, config.encoding)
    const keys = this.ledger.resolveAccountKeys(decoded.message).keys
    const sim =
      replace || this.ledger.hasValidLifetime(decoded.message)
        ? this.ledger.simulate(decoded, sigVerify)
        : this.blockhashNotFound(this.ledger.feeForMessage(decoded.message))
    const extra: Record<string, unknown> = {}
    if (replace) extra.replacementBlockhash = this.ledger.latestBlockhash
    if (config.innerInstructions === true) extra.innerInstructions = true
    const accountsConfig = config.accounts as { addresses?: unknown; encoding?: unknown } | undefined
    if (accountsConfig !== undefined && accountsConfig !== null) {
      if (!Array.isArray(accountsConfig.addresses)) throw invalidParams('Invalid params: accounts.addresses wants a list of addresses')
      const encoding = parseAccountEncoding(accountsConfig.encoding, 'base64')
      if (encoding === 'binary' || encoding === 'base58') throw invalidParams('base58 encoding not supported')
      extra.accounts = accountsConfig.addresses.map((a) => {
        const address = pubkeyArg(a)
        const post = sim.postAccounts.has(address) ? sim.postAccounts.get(address)! : this.ledger.getAccount(address)
        return this.encode(post, encoding)
      })
    }
    return { context: this.context(), value: this.simulationValue(sim, keys, extra) }
  }

  private requestAirdrop(params: unknown): unknown {
    const [address, amount, cfg] = args(params, 2)
    const to = pubkeyArg(address)
    const lamports = u64Arg(amount, 'lamports')
    this.checkConfig(configArg(cfg))
    const faucet = this.cluster.faucet
    // A real transfer from the faucet account, as solana-test-validator's faucet sends: it shows up in history.
    const tx = new Transaction({ feePayer: faucet.publicKey, recentBlockhash: this.ledger.latestBlockhash.blockhash })
    tx.add(SystemProgram.transfer({ fromPubkey: faucet.publicKey, toPubkey: new PublicKey(to), lamports }))
    tx.sign(faucet)
    const outcome = this.ledger.submit(decodeWireTransaction(tx.serialize()))
    if (outcome.dropped !== undefined || outcome.record.err !== null) {
      const err = outcome.dropped ?? outcome.record!.err!
      throw new RpcError(-32603, `airdrop request failed: ${transactionErrorText(err)}`)
    }
    return outcome.signature
  }
}
