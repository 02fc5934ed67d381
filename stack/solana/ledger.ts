import { Clock, EpochSchedule, FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import { getTransactionDecoder, type Address, type Lamports, type Transaction as KitTransaction } from '@solana/kit'
import { AddressLookupTableAccount, VersionedTransaction, type VersionedMessage } from '@solana/web3.js'
import { base58 } from '@scure/base'
import {
  decodeMint,
  decodeTokenAccount,
  MEMO_PROGRAMS,
  SYSTEM_PROGRAM,
  uiTokenAmount,
  type AccountState,
  type MintInfo,
  type UiTokenAmount,
} from './accounts.ts'
import { invalidParams, transactionErrorToRpc, type RpcTransactionError } from './errors.ts'

/** Slots a blockhash stays usable, as a validator's MAX_PROCESSING_AGE. */
export const MAX_PROCESSING_AGE = 150
/** Blockhashes remembered in all (MAX_RECENT_BLOCKHASHES); the older half only to tell "expired" from "unknown". */
const KEPT_BLOCKHASHES = 300
export const LAMPORTS_PER_SIGNATURE = 5000n
export const SLOTS_PER_EPOCH = 432_000
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n
const DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT = 200_000n
const BUILTIN_INSTRUCTION_COMPUTE_UNIT_LIMIT = 3_000n
/** Programs that run natively (not SBF) and so get the builtin default compute-unit limit. */
const BUILTIN_PROGRAMS: ReadonlySet<string> = new Set([
  SYSTEM_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
])

export type TokenBalance = { accountIndex: number; mint: string; owner: string; programId: string; uiTokenAmount: UiTokenAmount }

export type InnerInstructions = {
  index: number
  instructions: Array<{ programIdIndex: number; accounts: number[]; data: Uint8Array; stackHeight: number }>
}

export type ReturnData = { programId: string; data: Uint8Array }

/** What executing a transaction produced, committed or not. */
export type ExecutionReport = {
  err: RpcTransactionError | null
  logs: string[]
  unitsConsumed: bigint
  innerInstructions: InnerInstructions[]
  returnData: ReturnData | null
}

/** A transaction that landed: the ledger keeps every one for getTransaction and getSignaturesForAddress. */
export type TransactionRecord = ExecutionReport & {
  signature: string
  slot: number
  blockTime: number
  wire: Uint8Array
  message: VersionedMessage
  /** Static keys, then loaded writable, then loaded read-only: the indexes balances and instructions use. */
  accountKeys: string[]
  loadedAddresses: { writable: string[]; readonly: string[] }
  fee: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  memo: string | null
}

export type SimulationReport = ExecutionReport & {
  fee: bigint
  /** Account states after the simulated transaction, by address (null: the account does not exist). */
  postAccounts: Map<string, AccountState | null>
}

export type DecodedTransaction = {
  wire: Uint8Array
  signature: string
  message: VersionedMessage
  kit: KitTransaction
}

export type SubmitOutcome =
  | { signature: string; record: TransactionRecord; dropped?: undefined }
  | { signature: string; dropped: RpcTransactionError; record?: undefined }

const transactionDecoder = getTransactionDecoder()

/** Wire bytes to the forms the ledger needs; -32602 as a validator answers an undecodable transaction. */
export function decodeWireTransaction(wire: Uint8Array): DecodedTransaction {
  let tx: VersionedTransaction
  let kit: KitTransaction
  try {
    tx = VersionedTransaction.deserialize(wire)
    kit = transactionDecoder.decode(wire)
  } catch (err) {
    throw invalidParams(`invalid transaction: failed to deserialize VersionedTransaction: ${(err as Error).message}`)
  }
  if (tx.signatures.length === 0 || tx.signatures.length !== tx.message.header.numRequiredSignatures) {
    throw invalidParams('invalid transaction: Transaction failed to sanitize accounts offsets correctly')
  }
  return { wire, signature: base58.encode(tx.signatures[0]!), message: tx.message, kit }
}

const sum = (values: bigint[]): bigint => values.reduce((a, b) => a + b, 0n)

/**
 * The state of the local cluster: the litesvm bank, the slot clock with its blockhash queue, and the history of
 * landed transactions. litesvm accepts only its latest blockhash and has no notion of slots, so its own blockhash
 * check is off and this class keeps a validator's queue instead: every slot gets litesvm's next blockhash, and a
 * transaction is accepted while its blockhash is at most MAX_PROCESSING_AGE slots old.
 */
export class SolanaLedger {
  readonly svm: LiteSVM
  slot = 0
  private readonly blockhashSlots = new Map<string, number>()
  private readonly blockhashOrder: string[] = []
  private readonly records = new Map<string, TransactionRecord>()
  private readonly byAddress = new Map<string, TransactionRecord[]>()
  private transactionCount = 0
  private readonly transactionListeners = new Set<(record: TransactionRecord) => void>()
  private readonly slotListeners = new Set<(slot: number) => void>()

  constructor(private readonly opts: { advanceSlotPerTransaction: boolean }) {
    this.svm = new LiteSVM().withSigverify(true).withBlockhashCheck(false)
    // No warm-up epochs: epoch = slot / 432000 as on mainnet after warm-up.
    this.svm.setEpochSchedule(new EpochSchedule(BigInt(SLOTS_PER_EPOCH), BigInt(SLOTS_PER_EPOCH), false, 0n, 0n))
    this.rememberBlockhash(this.svm.latestBlockhash())
    this.syncClock()
  }

  // --- slots and blockhashes -------------------------------------------------------------------------------------

  /** Block height equals the slot: a single leader skips no slot. */
  get blockHeight(): number {
    return this.slot
  }

  get latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    const blockhash = this.blockhashOrder[this.blockhashOrder.length - 1]!
    return { blockhash, lastValidBlockHeight: this.blockhashSlots.get(blockhash)! + MAX_PROCESSING_AGE }
  }

  isBlockhashValid(blockhash: string): boolean {
    const slot = this.blockhashSlots.get(blockhash)
    return slot !== undefined && this.slot <= slot + MAX_PROCESSING_AGE
  }

  advanceSlot(): void {
    this.slot += 1
    this.svm.expireBlockhash()
    this.rememberBlockhash(this.svm.latestBlockhash())
    this.syncClock()
    for (const listener of this.slotListeners) listener(this.slot)
  }

  private rememberBlockhash(blockhash: string): void {
    this.blockhashSlots.set(blockhash, this.slot)
    this.blockhashOrder.push(blockhash)
    while (this.blockhashOrder.length > KEPT_BLOCKHASHES) this.blockhashSlots.delete(this.blockhashOrder.shift()!)
  }

  private syncClock(): void {
    const epoch = BigInt(Math.floor(this.slot / SLOTS_PER_EPOCH))
    const now = BigInt(Math.floor(Date.now() / 1000))
    this.svm.setClock(new Clock(BigInt(this.slot), now, epoch, epoch, now))
  }

  epochInfo(): { absoluteSlot: number; blockHeight: number; epoch: number; slotIndex: number; slotsInEpoch: number; transactionCount: number } {
    return {
      absoluteSlot: this.slot,
      blockHeight: this.blockHeight,
      epoch: Math.floor(this.slot / SLOTS_PER_EPOCH),
      slotIndex: this.slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: this.transactionCount,
    }
  }

  onSlot(listener: (slot: number) => void): () => void {
    this.slotListeners.add(listener)
    return () => this.slotListeners.delete(listener)
  }

  onTransaction(listener: (record: TransactionRecord) => void): () => void {
    this.transactionListeners.add(listener)
    return () => this.transactionListeners.delete(listener)
  }

  // --- accounts --------------------------------------------------------------------------------------------------

  getAccount(address: string): AccountState | null {
    const account = this.svm.getAccount(address as Address)
    // A validator drops accounts that reach zero lamports; litesvm may keep the husk.
    if (!account.exists || account.lamports === 0n) return null
    return { lamports: account.lamports, data: account.data, owner: account.programAddress, executable: account.executable }
  }

  /** Genesis-style funding: no transaction, as a validator's genesis accounts. */
  setAccount(address: string, account: AccountState): void {
    this.svm.setAccount({
      address: address as Address,
      lamports: account.lamports as Lamports,
      data: account.data,
      programAddress: account.owner as Address,
      executable: account.executable,
      space: BigInt(account.data.length),
    })
  }

  findMint = (mint: string): MintInfo | null => {
    const account = this.getAccount(mint)
    return account ? decodeMint(account) : null
  }

  programAccounts(program: string): Array<{ address: string; account: AccountState }> {
    return this.svm
      .getProgramAccounts(program as Address)
      .filter((a) => a.lamports > 0n)
      .map((a) => ({ address: a.address as string, account: { lamports: a.lamports as bigint, data: a.data as Uint8Array, owner: a.programAddress as string, executable: a.executable } }))
  }

  minimumBalanceForRentExemption(dataLength: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(dataLength))
  }

  // --- transactions ----------------------------------------------------------------------------------------------

  /**
   * Signature fee plus the priority fee: compute-unit price (micro-lamports) x compute-unit limit, the limit being
   * the requested one or the default of 3000 units per builtin instruction and 200k per other instruction.
   */
  feeForMessage(message: VersionedMessage): bigint {
    const keys = message.staticAccountKeys.map((k) => k.toBase58())
    let price = 0n
    let requested: bigint | null = null
    let defaultUnits = 0n
    for (const ix of message.compiledInstructions) {
      const program = keys[ix.programIdIndex] ?? ''
      defaultUnits += BUILTIN_PROGRAMS.has(program) ? BUILTIN_INSTRUCTION_COMPUTE_UNIT_LIMIT : DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT
      if (program !== COMPUTE_BUDGET_PROGRAM) continue
      const data = Buffer.from(ix.data)
      if (data[0] === 2 && data.length >= 5) requested = BigInt(data.readUInt32LE(1))
      if (data[0] === 3 && data.length >= 9) price = data.readBigUInt64LE(1)
    }
    const limit = requested ?? defaultUnits
    const units = limit < MAX_COMPUTE_UNIT_LIMIT ? limit : MAX_COMPUTE_UNIT_LIMIT
    const priority = (price * units + 999_999n) / 1_000_000n
    return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures) + priority
  }

  /** A recent blockhash, or the stored value of the durable nonce the transaction advances first. */
  hasValidLifetime(message: VersionedMessage): boolean {
    if (this.isBlockhashValid(message.recentBlockhash)) return true
    const first = message.compiledInstructions[0]
    const keys = message.staticAccountKeys.map((k) => k.toBase58())
    if (!first || keys[first.programIdIndex] !== SYSTEM_PROGRAM) return false
    const data = Buffer.from(first.data)
    if (data.length < 4 || data.readUInt32LE(0) !== 4) return false // AdvanceNonceAccount
    const nonceKey = keys[first.accountKeyIndexes[0] ?? -1]
    const nonce = nonceKey ? this.getAccount(nonceKey) : null
    // Nonce account: version u32, state u32 (1 = initialized), authority, durable nonce at offset 40.
    if (!nonce || nonce.owner !== SYSTEM_PROGRAM || nonce.data.length < 72 || nonce.data[4] !== 1) return false
    return base58.encode(nonce.data.subarray(40, 72)) === message.recentBlockhash
  }

  getTransaction(signature: string): TransactionRecord | undefined {
    return this.records.get(signature)
  }

  /** Newest first, as getSignaturesForAddress lists them. */
  signaturesFor(address: string): TransactionRecord[] {
    return [...(this.byAddress.get(address) ?? [])].reverse()
  }

  /** Static keys plus the addresses the lookup tables load (a missing table loads nothing; the bank refuses the transaction). */
  resolveAccountKeys(message: VersionedMessage): { keys: string[]; loaded: { writable: string[]; readonly: string[] } } {
    const writable: string[] = []
    const readonly: string[] = []
    for (const lookup of message.addressTableLookups) {
      const table = this.getAccount(lookup.accountKey.toBase58())
      if (!table) continue
      let addresses: string[]
      try {
        addresses = AddressLookupTableAccount.deserialize(table.data).addresses.map((a) => a.toBase58())
      } catch {
        continue
      }
      for (const i of lookup.writableIndexes) if (addresses[i]) writable.push(addresses[i]!)
      for (const i of lookup.readonlyIndexes) if (addresses[i]) readonly.push(addresses[i]!)
    }
    return { keys: [...message.staticAccountKeys.map((k) => k.toBase58()), ...writable, ...readonly], loaded: { writable, readonly } }
  }

  private balances(keys: string[]): bigint[] {
    return keys.map((k) => this.getAccount(k)?.lamports ?? 0n)
  }

  private tokenBalances(keys: string[]): TokenBalance[] {
    const out: TokenBalance[] = []
    keys.forEach((key, accountIndex) => {
      const account = this.getAccount(key)
      const tokenAccount = account && decodeTokenAccount(account)
      const mint = tokenAccount && this.findMint(tokenAccount.mint)
      if (!account || !tokenAccount || !mint) return
      out.push({
        accountIndex,
        mint: tokenAccount.mint,
        owner: tokenAccount.owner,
        programId: account.owner,
        uiTokenAmount: uiTokenAmount(tokenAccount.amount, mint.decimals),
      })
    })
    return out
  }

  /** Runs litesvm with signature checks on or off; a missing signature surfaces from kit as a throw. */
  private execute<T>(sigVerify: boolean, run: () => T): T | 'SignatureFailure' | 'SanitizeFailure' {
    this.svm.withSigverify(sigVerify)
    try {
      return run()
    } catch (err) {
      return /signature/i.test((err as Error).message ?? '') ? 'SignatureFailure' : 'SanitizeFailure'
    } finally {
      this.svm.withSigverify(true)
    }
  }

  private static report(meta: TransactionMetadata | null, err: RpcTransactionError | null): ExecutionReport {
    if (!meta) return { err, logs: [], unitsConsumed: 0n, innerInstructions: [], returnData: null }
    const innerInstructions: InnerInstructions[] = []
    meta.innerInstructions().forEach((list, index) => {
      if (list.length === 0) return
      innerInstructions.push({
        index,
        instructions: list.map((inner) => {
          const ix = inner.instruction()
          return { programIdIndex: ix.programIdIndex(), accounts: [...ix.accounts()], data: ix.data(), stackHeight: inner.stackHeight() }
        }),
      })
    })
    const returned = meta.returnData()
    const returnData = returned.data().length > 0 ? { programId: base58.encode(returned.programId()), data: returned.data() } : null
    return { err, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed(), innerInstructions, returnData }
  }

  /**
   * Runs the transaction against the current state without committing. The caller decides on the blockhash
   * (simulateTransaction may replace it); the status cache is checked as the bank does.
   */
  simulate(decoded: DecodedTransaction, sigVerify: boolean): SimulationReport {
    const fee = this.feeForMessage(decoded.message)
    const unsigned = decoded.signature === base58.encode(new Uint8Array(64))
    if (!unsigned && this.records.has(decoded.signature)) {
      return { ...SolanaLedger.report(null, 'AlreadyProcessed'), fee, postAccounts: new Map() }
    }
    const result = this.execute(sigVerify, () => this.svm.simulateTransaction(decoded.kit))
    if (typeof result === 'string') return { ...SolanaLedger.report(null, result), fee, postAccounts: new Map() }
    if (result instanceof FailedTransactionMetadata) {
      return { ...SolanaLedger.report(result.meta(), transactionErrorToRpc(result.err())), fee, postAccounts: new Map() }
    }
    const postAccounts = new Map<string, AccountState | null>()
    for (const a of result.postAccounts()) {
      postAccounts.set(a.address, a.lamports === 0n ? null : { lamports: a.lamports, data: a.data as Uint8Array, owner: a.programAddress, executable: a.executable })
    }
    return { ...SolanaLedger.report(result.meta(), null), fee, postAccounts }
  }

  /**
   * Executes and, when the bank would, commits: a success, or a failure that still charged the fee (an instruction
   * error). A transaction that fails before that (expired blockhash, bad signature, no fee payer, duplicate) is
   * dropped, as a validator drops it: the sender only ever sees its status stay null.
   */
  submit(decoded: DecodedTransaction): SubmitOutcome {
    const { signature, message } = decoded
    if (this.records.has(signature)) return { signature, dropped: 'AlreadyProcessed' }
    if (!this.hasValidLifetime(message)) return { signature, dropped: 'BlockhashNotFound' }
    const { keys, loaded } = this.resolveAccountKeys(message)
    const preBalances = this.balances(keys)
    const preTokenBalances = this.tokenBalances(keys)
    const result = this.execute(true, () => this.svm.sendTransaction(decoded.kit))
    if (typeof result === 'string') return { signature, dropped: result }
    const failed = result instanceof FailedTransactionMetadata ? result : null
    const err = failed ? transactionErrorToRpc(failed.err()) : null
    const postBalances = this.balances(keys)
    // Lamports only move between the transaction's own accounts; what left them is the fee.
    const fee = sum(preBalances) - sum(postBalances)
    if (err !== null && fee === 0n) return { signature, dropped: err }
    const meta = failed ? failed.meta() : (result as TransactionMetadata)
    const record: TransactionRecord = {
      ...SolanaLedger.report(meta, err),
      signature,
      slot: this.slot,
      blockTime: Math.floor(Date.now() / 1000),
      wire: decoded.wire,
      message,
      accountKeys: keys,
      loadedAddresses: loaded,
      fee,
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances: this.tokenBalances(keys),
      memo: memoOf(message, keys),
    }
    this.records.set(signature, record)
    this.transactionCount += 1
    for (const key of new Set(keys)) {
      const list = this.byAddress.get(key) ?? []
      list.push(record)
      this.byAddress.set(key, list)
    }
    for (const listener of this.transactionListeners) listener(record)
    if (this.opts.advanceSlotPerTransaction) this.advanceSlot()
    return { signature, record }
  }
}

/** The memo field of getSignaturesForAddress: "[length] text" per memo instruction, joined by "; ". */
function memoOf(message: VersionedMessage, keys: string[]): string | null {
  const memos = message.compiledInstructions
    .filter((ix) => MEMO_PROGRAMS.has(keys[ix.programIdIndex] ?? ''))
    .map((ix) => `[${ix.data.length}] ${Buffer.from(ix.data).toString('utf8')}`)
  return memos.length > 0 ? memos.join('; ') : null
}
