import * as ecc from '@bitcoinerlab/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { hex } from '@scure/base'
import { Block, crypto as btcCrypto, initEccLib, opcodes, payments, script as btcScript, Transaction } from 'bitcoinjs-lib'
import { isWitnessProgram, parseScript, scriptType } from './script-info.ts'

initEccLib(ecc)

/**
 * An in-memory regtest chain: a UTXO set, a mempool and blocks with real headers (merkle root, witness commitment,
 * regtest proof of work). Transactions go through the checks bitcoind's sendrawtransaction applies that matter to a
 * wallet, in bitcoind's order, and are refused with bitcoind's RPC codes and reject reasons.
 */

/** The regtest genesis block, field by field; its hash is the CAIP-2 reference of bitcoin regtest. */
const GENESIS = {
  version: 1,
  time: 1296688602,
  bits: 0x207fffff,
  nonce: 2,
  // The genesis coinbase ("The Times 03/Jan/2009 ..."), 50 BTC to Satoshi's key; never spendable.
  coinbaseHex:
    '01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65' +
    '732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062' +
    '616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4c' +
    'ef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000',
}
export const REGTEST_GENESIS_HASH = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'

const REGTEST_BITS = 0x207fffff
const BLOCK_VERSION = 0x20000000
const HALVING_INTERVAL = 150 // regtest
const COINBASE_MATURITY = 100
const MAX_MONEY = 21_000_000n * 100_000_000n
const LOCKTIME_THRESHOLD = 500_000_000
const MIN_RELAY_SATS_PER_VB = 1
/** bitcoind's -maxfeerate default for sendrawtransaction: 0.10 BTC/kvB. */
const MAX_FEE_SATS_PER_VB = 10_000
const DUST_RELAY_SATS_PER_VB = 3
const MAX_STANDARD_VERSION = 3
const MAX_STANDARD_WEIGHT = 400_000
const SEQUENCE_FINAL = 0xffffffff
const WITNESS_COMMITMENT_HEADER = Uint8Array.from([0xaa, 0x21, 0xa9, 0xed])
const SECP256K1_HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n

/** A refusal as bitcoind's RPC reports it: `{"code":-26,"message":"..."}`. */
export class TxRejected extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'TxRejected'
  }
}

const RPC_VERIFY_ERROR = -25
const RPC_VERIFY_REJECTED = -26
const RPC_VERIFY_ALREADY_IN_CHAIN = -27
const RPC_DESERIALIZATION_ERROR = -22

const rejected = (reason: string) => new TxRejected(RPC_VERIFY_REJECTED, reason)
const mandatoryScriptFailure = (error: string) => rejected(`mandatory-script-verify-flag-failed (${error})`)
const policyScriptFailure = (error: string) => rejected(`non-mandatory-script-verify-flag (${error})`)

export type BlockRecord = {
  hash: string
  height: number
  version: number
  prevHash: string | null
  merkleRoot: string
  time: number
  bits: number
  nonce: number
  header: Uint8Array
  txids: string[]
  size: number
  weight: number
}

export type PrevOut = { script: Uint8Array; value: bigint }

export type TxRecord = {
  txid: string
  tx: Transaction
  hex: string
  /** Input total minus output total; 0 for coinbases. */
  fee: number
  /** The outputs the inputs spend (null for a coinbase input). */
  prevouts: Array<PrevOut | null>
  block?: BlockRecord
  /** Acceptance order across the ledger: later transactions have larger numbers. */
  order: number
}

export type Spender = { txid: string; vin: number }

type Coin = { record: TxRecord; vout: number; output: PrevOut }

const outpointKey = (txid: string, vout: number) => `${txid}:${vout}`

/** Bitcoin Core's FormatMoney: BTC with at least two decimals and no trailing zeros beyond them. */
export function formatMoney(sats: bigint): string {
  const negative = sats < 0n
  const abs = negative ? -sats : sats
  let text = `${abs / 100_000_000n}.${(abs % 100_000_000n).toString().padStart(8, '0')}`
  while (text.endsWith('0') && text.length - text.indexOf('.') > 3) text = text.slice(0, -1)
  return negative ? `-${text}` : text
}

function sha256d(data: Uint8Array): Uint8Array {
  return sha256(sha256(data))
}

const reversedHex = (bytes: Uint8Array) => hex.encode(Uint8Array.from(bytes).reverse())

function blockSubsidy(height: number): bigint {
  const halvings = Math.floor(height / HALVING_INTERVAL)
  return halvings >= 64 ? 0n : (50n * 100_000_000n) >> BigInt(halvings)
}

function targetFromBits(bits: number): bigint {
  const exponent = bits >>> 24
  const mantissa = BigInt(bits & 0x7fffff)
  return exponent <= 3 ? mantissa >> BigInt(8 * (3 - exponent)) : mantissa << BigInt(8 * (exponent - 3))
}

function serializeHeader(h: { version: number; prevHash: Uint8Array; merkleRoot: Uint8Array; time: number; bits: number; nonce: number }): Uint8Array {
  const out = new Uint8Array(80)
  const view = new DataView(out.buffer)
  view.setInt32(0, h.version, true)
  out.set(h.prevHash, 4)
  out.set(h.merkleRoot, 36)
  view.setUint32(68, h.time, true)
  view.setUint32(72, h.bits, true)
  view.setUint32(76, h.nonce, true)
  return out
}

/** Dust as bitcoind's policy computes it at the default -dustrelayfee (3 sat/vB): the cost of creating and spending. */
export function dustThreshold(script: Uint8Array): number {
  if (script[0] === opcodes.OP_RETURN) return 0
  const varintSize = script.length < 0xfd ? 1 : script.length <= 0xffff ? 3 : 5
  const outputSize = 8 + varintSize + script.length
  const spendSize = isWitnessProgram(script) ? 32 + 4 + 1 + Math.floor(107 / 4) + 4 : 32 + 4 + 1 + 107 + 4
  return (outputSize + spendSize) * DUST_RELAY_SATS_PER_VB
}

function isStandardOutput(script: Uint8Array): boolean {
  const type = scriptType(script)
  if (type === 'unknown') return isWitnessProgram(script)
  if (type === 'op_return') return script.length <= 83 && parseScript(script.slice(1)).every((op) => op.opcode <= 0x60 && !op.truncated)
  return type !== 'empty'
}

function p2pkhScriptCode(pubkeyHash: Uint8Array): Uint8Array {
  return payments.p2pkh({ hash: pubkeyHash }).output!
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

/** A DER ECDSA signature with its sighash byte, checked the way bitcoind's interpreter does before verifying. */
function decodeEcdsaSignature(sigWithHashType: Uint8Array): { signature: Uint8Array; hashType: number } {
  const hashType = sigWithHashType[sigWithHashType.length - 1]!
  const base = hashType & ~Transaction.SIGHASH_ANYONECANPAY
  if (base < Transaction.SIGHASH_ALL || base > Transaction.SIGHASH_SINGLE) throw policyScriptFailure('Signature hash type missing or not understood')
  try {
    return btcScript.signature.decode(sigWithHashType)
  } catch {
    throw mandatoryScriptFailure('Non-canonical DER signature')
  }
}

function verifyEcdsa(hash: Uint8Array, pubkey: Uint8Array, signature: Uint8Array): void {
  let valid = false
  try {
    valid = ecc.verify(hash, pubkey, signature, false)
  } catch {
    valid = false
  }
  // A wrong signature fails both bitcoind's policy (NULLFAIL) and consensus checks; consensus names the outcome.
  if (!valid) throw mandatoryScriptFailure('Script evaluated without error but finished with a false/empty top stack element')
  const s = BigInt(`0x${hex.encode(signature.slice(32))}`)
  if (s > SECP256K1_HALF_ORDER) throw policyScriptFailure('Non-canonical signature: S value is unnecessarily high')
}

export type LedgerOptions = {
  /** Mine a block for every accepted transaction (default true); false keeps them in the mempool until mine(). */
  automine?: boolean
  /** Seconds since the epoch for new blocks (default: the wall clock). */
  clock?: () => number
}

export class RegtestLedger {
  readonly blocks: BlockRecord[] = []
  readonly automine: boolean
  private readonly txs = new Map<string, TxRecord>()
  private readonly blocksByHash = new Map<string, BlockRecord>()
  private readonly spentBy = new Map<string, Spender>()
  private readonly byScript = new Map<string, string[]>()
  private mempool: string[] = []
  private nextOrder = 0
  private readonly clock: () => number

  constructor(opts: LedgerOptions = {}) {
    this.automine = opts.automine ?? true
    this.clock = opts.clock ?? (() => Math.floor(Date.now() / 1000))
    this.addGenesis()
  }

  get tip(): BlockRecord {
    return this.blocks[this.blocks.length - 1]!
  }

  get genesisHash(): string {
    return this.blocks[0]!.hash
  }

  /** CAIP-2 for this chain: `bip122:` and the first 32 hex characters of the genesis hash. */
  get caipNetworkId(): string {
    return `bip122:${this.genesisHash.slice(0, 32)}`
  }

  getTx(txid: string): TxRecord | undefined {
    return this.txs.get(txid)
  }

  getBlock(hash: string): BlockRecord | undefined {
    return this.blocksByHash.get(hash)
  }

  mempoolTxids(): string[] {
    return [...this.mempool]
  }

  spenderOf(txid: string, vout: number): Spender | undefined {
    return this.spentBy.get(outpointKey(txid, vout))
  }

  /** Transactions touching an output script (funding or spending it), in acceptance order. */
  txsOfScript(script: Uint8Array): TxRecord[] {
    return (this.byScript.get(hex.encode(script)) ?? []).map((id) => this.txs.get(id)!)
  }

  /** Unspent outputs paying the script, mempool ones included and outputs spent in the mempool excluded (as Esplora). */
  utxosOfScript(script: Uint8Array): Array<{ record: TxRecord; vout: number; value: bigint }> {
    const key = hex.encode(script)
    const found: Array<{ record: TxRecord; vout: number; value: bigint }> = []
    for (const record of this.txsOfScript(script)) {
      record.tx.outs.forEach((out, vout) => {
        if (hex.encode(out.script) === key && !this.spentBy.has(outpointKey(record.txid, vout))) {
          found.push({ record, vout, value: out.value })
        }
      })
    }
    return found
  }

  /** Median of the last 11 block times (BIP113), the clock time-based locktimes compare with. */
  medianTimePast(): number {
    const times = this.blocks.slice(-11).map((b) => b.time)
    times.sort((a, b) => a - b)
    return times[Math.floor(times.length / 2)]!
  }

  /**
   * sendrawtransaction: validates, adds to the mempool and, with automine, mines it into a block. Returns the txid;
   * throws TxRejected with bitcoind's code and message.
   */
  submit(rawHex: string): string {
    const tx = this.decode(rawHex)
    const txid = tx.getId()
    if (this.mempool.includes(txid)) return txid // bitcoind answers the txid again for a transaction it already has
    const known = this.txs.get(txid)
    if (known && tx.outs.some((_, vout) => !this.spentBy.has(outpointKey(txid, vout)))) {
      throw new TxRejected(RPC_VERIFY_ALREADY_IN_CHAIN, 'Transaction outputs already in utxo set')
    }
    this.checkTransaction(tx)
    this.checkStandard(tx)
    this.checkFinal(tx)
    const coins = this.spendableCoins(tx)
    const prevouts = coins.map((c) => c.output)
    const valueIn = prevouts.reduce((sum, p) => sum + p.value, 0n)
    const valueOut = tx.outs.reduce((sum, o) => sum + o.value, 0n)
    if (valueIn < valueOut) {
      throw rejected(`bad-txns-in-belowout, value in (${formatMoney(valueIn)}) < value out (${formatMoney(valueOut)})`)
    }
    const fee = valueIn - valueOut
    const vsize = tx.virtualSize()
    if (fee < BigInt(vsize * MIN_RELAY_SATS_PER_VB)) throw rejected(`min relay fee not met, ${fee} < ${vsize * MIN_RELAY_SATS_PER_VB}`)
    tx.ins.forEach((_, i) => this.verifyInput(tx, i, prevouts))
    if (fee > BigInt(vsize * MAX_FEE_SATS_PER_VB)) {
      throw new TxRejected(RPC_VERIFY_ERROR, 'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)')
    }
    this.accept(tx, prevouts, Number(fee))
    this.mempool.push(txid)
    if (this.automine) this.mine(1)
    return txid
  }

  /** Mines `count` blocks; the first takes the whole mempool. The coinbase pays subsidy plus fees to `rewardScript`. */
  mine(count: number, rewardScript: Uint8Array = this.defaultRewardScript, time?: number): BlockRecord[] {
    const mined: BlockRecord[] = []
    for (let k = 0; k < count; k++) {
      const included = this.mempool.map((id) => this.txs.get(id)!)
      this.mempool = []
      const height = this.tip.height + 1
      const fees = included.reduce((sum, r) => sum + BigInt(r.fee), 0n)
      const coinbase = this.buildCoinbase(height, blockSubsidy(height) + fees, rewardScript, included.map((r) => r.tx))
      const coinbaseRecord = this.accept(coinbase, [null], 0)
      mined.push(this.connectBlock([coinbaseRecord, ...included], time === undefined ? undefined : time + k))
    }
    return mined
  }

  /** Where coinbases pay when no script is given; the faucet sets itself here. */
  defaultRewardScript: Uint8Array = Uint8Array.from([opcodes.OP_RETURN])

  private decode(rawHex: string): Transaction {
    const text = rawHex.trim().toLowerCase()
    try {
      if (!/^([0-9a-f]{2})+$/.test(text)) throw new Error('not hex')
      const tx = Transaction.fromHex(text)
      if (tx.toHex() !== text) throw new Error('trailing data')
      return tx
    } catch {
      throw new TxRejected(RPC_DESERIALIZATION_ERROR, 'TX decode failed. Make sure the tx has at least one input.')
    }
  }

  /** bitcoind's CheckTransaction, plus the mempool's refusal of loose coinbases. */
  private checkTransaction(tx: Transaction): void {
    if (tx.ins.length === 0) throw rejected('bad-txns-vin-empty')
    if (tx.outs.length === 0) throw rejected('bad-txns-vout-empty')
    if (tx.byteLength(false) * 4 > 4_000_000) throw rejected('bad-txns-oversize')
    let total = 0n
    for (const out of tx.outs) {
      if (out.value < 0n) throw rejected('bad-txns-vout-negative')
      if (out.value > MAX_MONEY) throw rejected('bad-txns-vout-toolarge')
      total += out.value
      if (total > MAX_MONEY) throw rejected('bad-txns-txouttotal-toolarge')
    }
    const seen = new Set<string>()
    for (const input of tx.ins) {
      const key = outpointKey(reversedHex(input.hash), input.index)
      if (seen.has(key)) throw rejected('bad-txns-inputs-duplicate')
      seen.add(key)
    }
    if (tx.isCoinbase()) throw rejected('coinbase')
    if (tx.ins.some((input) => Transaction.isCoinbaseHash(input.hash))) throw rejected('bad-txns-prevout-null')
  }

  /** The parts of bitcoind's IsStandardTx a wallet can trip over. */
  private checkStandard(tx: Transaction): void {
    if (tx.version < 1 || tx.version > MAX_STANDARD_VERSION) throw rejected('version')
    if (tx.weight() > MAX_STANDARD_WEIGHT) throw rejected('tx-size')
    for (const input of tx.ins) {
      if (input.script.length > 1650) throw rejected('scriptsig-size')
      if (!parseScript(input.script).every((op) => op.opcode <= 0x60 && !op.truncated)) throw rejected('scriptsig-not-pushonly')
    }
    let dataOutputs = 0
    for (const out of tx.outs) {
      if (!isStandardOutput(out.script)) throw rejected('scriptpubkey')
      if (scriptType(out.script) === 'op_return') dataOutputs++
      else if (out.value < BigInt(dustThreshold(out.script))) throw rejected('dust')
    }
    if (dataOutputs > 1) throw rejected('multi-op-return')
  }

  /** Absolute locktime (height or BIP113 median time); relative locktimes (BIP68) are not enforced. */
  private checkFinal(tx: Transaction): void {
    if (tx.locktime === 0) return
    const limit = tx.locktime < LOCKTIME_THRESHOLD ? this.tip.height + 1 : this.medianTimePast()
    if (tx.locktime < limit) return
    if (tx.ins.every((input) => input.sequence === SEQUENCE_FINAL)) return
    throw rejected('non-final')
  }

  private spendableCoins(tx: Transaction): Coin[] {
    const coins: Coin[] = []
    for (const input of tx.ins) {
      const prevTxid = reversedHex(input.hash)
      const record = this.txs.get(prevTxid)
      const output = record?.tx.outs[input.index]
      if (!record || !output) throw new TxRejected(RPC_VERIFY_ERROR, 'bad-txns-inputs-missingorspent')
      const spender = this.spentBy.get(outpointKey(prevTxid, input.index))
      if (spender) {
        // No replacement (RBF) here: a conflict with an unconfirmed spend is refused like a non-signalling one.
        if (!this.txs.get(spender.txid)!.block) throw rejected('txn-mempool-conflict')
        throw new TxRejected(RPC_VERIFY_ERROR, 'bad-txns-inputs-missingorspent')
      }
      if (record.tx.isCoinbase()) {
        const depth = this.tip.height + 1 - record.block!.height
        if (depth < COINBASE_MATURITY) throw rejected(`bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth ${depth}`)
      }
      coins.push({ record, vout: input.index, output: { script: output.script, value: output.value } })
    }
    return coins
  }

  private verifyInput(tx: Transaction, i: number, prevouts: PrevOut[]): void {
    const input = tx.ins[i]!
    const prev = prevouts[i]!
    const type = scriptType(prev.script)
    switch (type) {
      case 'v0_p2wpkh':
        if (input.script.length > 0) throw mandatoryScriptFailure('Witness requires empty scriptSig')
        return this.verifyP2wpkh(tx, i, prev.script.slice(2), prev.value)
      case 'v1_p2tr':
        if (input.script.length > 0) throw mandatoryScriptFailure('Witness requires empty scriptSig')
        return this.verifyTaprootKeyPath(tx, i, prev.script.slice(2), prevouts)
      case 'p2sh': {
        const pushes = parseScript(input.script)
        const redeem = pushes.length === 1 ? pushes[0]!.data : undefined
        if (!redeem || !equalBytes(btcCrypto.hash160(redeem), prev.script.slice(2, 22))) {
          throw mandatoryScriptFailure('Script evaluated without error but finished with a false/empty top stack element')
        }
        if (scriptType(redeem) !== 'v0_p2wpkh') throw unsupportedSpend()
        return this.verifyP2wpkh(tx, i, redeem.slice(2), prev.value)
      }
      case 'p2pkh':
        return this.verifyP2pkh(tx, i, prev.script)
      default:
        throw unsupportedSpend()
    }
  }

  private verifyP2wpkh(tx: Transaction, i: number, program: Uint8Array, value: bigint): void {
    const witness = tx.ins[i]!.witness
    if (witness.length === 0) throw mandatoryScriptFailure('Witness program was passed an empty witness')
    if (witness.length !== 2) throw mandatoryScriptFailure('Witness program hash mismatch')
    const [sig, pubkey] = witness as [Uint8Array, Uint8Array]
    if (!equalBytes(btcCrypto.hash160(pubkey), program)) throw mandatoryScriptFailure('Script failed an OP_EQUALVERIFY operation')
    if (sig.length === 0) throw mandatoryScriptFailure('Script evaluated without error but finished with a false/empty top stack element')
    if (pubkey.length !== 33 || !ecc.isPoint(pubkey)) throw policyScriptFailure('Using non-compressed keys in segwit')
    const { signature, hashType } = decodeEcdsaSignature(sig)
    verifyEcdsa(tx.hashForWitnessV0(i, p2pkhScriptCode(program), value, hashType), pubkey, signature)
  }

  private verifyP2pkh(tx: Transaction, i: number, prevScript: Uint8Array): void {
    const input = tx.ins[i]!
    if (input.witness.length > 0) throw mandatoryScriptFailure('Witness provided for non-witness script')
    const pushes = parseScript(input.script)
    const sig = pushes[0]?.data
    const pubkey = pushes[1]?.data
    if (pushes.length !== 2 || !sig || !pubkey) throw mandatoryScriptFailure('Operation not valid with the current stack size')
    if (!equalBytes(btcCrypto.hash160(pubkey), prevScript.slice(3, 23))) throw mandatoryScriptFailure('Script failed an OP_EQUALVERIFY operation')
    if (sig.length === 0) throw mandatoryScriptFailure('Script evaluated without error but finished with a false/empty top stack element')
    if (!ecc.isPoint(pubkey)) throw policyScriptFailure('Public key is neither compressed or uncompressed')
    const { signature, hashType } = decodeEcdsaSignature(sig)
    verifyEcdsa(tx.hashForSignature(i, prevScript, hashType), pubkey, signature)
  }

  /** BIP341 key path: one Schnorr signature by the output key over the taproot sighash (annex included if present). */
  private verifyTaprootKeyPath(tx: Transaction, i: number, outputKey: Uint8Array, prevouts: PrevOut[]): void {
    let stack = tx.ins[i]!.witness
    if (stack.length === 0) throw mandatoryScriptFailure('Witness program was passed an empty witness')
    let annex: Uint8Array | undefined
    if (stack.length >= 2 && stack[stack.length - 1]![0] === 0x50) {
      annex = stack[stack.length - 1]!
      stack = stack.slice(0, -1)
    }
    if (stack.length !== 1) throw unsupportedSpend()
    const sig = stack[0]!
    if (sig.length !== 64 && sig.length !== 65) throw mandatoryScriptFailure('Invalid Schnorr signature size')
    const hashType = sig.length === 65 ? sig[64]! : Transaction.SIGHASH_DEFAULT
    const base = hashType & ~Transaction.SIGHASH_ANYONECANPAY
    const definedType = hashType === Transaction.SIGHASH_DEFAULT || (sig.length === 65 && base >= Transaction.SIGHASH_ALL && base <= Transaction.SIGHASH_SINGLE)
    if (!definedType || (base === Transaction.SIGHASH_SINGLE && i >= tx.outs.length)) {
      throw mandatoryScriptFailure('Invalid Schnorr signature hash type')
    }
    const hash = tx.hashForWitnessV1(
      i,
      prevouts.map((p) => p.script),
      prevouts.map((p) => p.value),
      hashType,
      undefined,
      annex,
    )
    let valid = false
    try {
      valid = ecc.verifySchnorr(hash, outputKey, sig.slice(0, 64))
    } catch {
      valid = false
    }
    if (!valid) throw mandatoryScriptFailure('Invalid Schnorr signature')
  }

  private accept(tx: Transaction, prevouts: Array<PrevOut | null>, fee: number): TxRecord {
    const txid = tx.getId()
    const record: TxRecord = { txid, tx, hex: tx.toHex(), fee, prevouts, order: this.nextOrder++ }
    this.txs.set(txid, record)
    const touched = new Set<string>()
    tx.ins.forEach((input, vin) => {
      const prev = prevouts[vin]
      if (!prev) return
      this.spentBy.set(outpointKey(reversedHex(input.hash), input.index), { txid, vin })
      touched.add(hex.encode(prev.script))
    })
    for (const out of tx.outs) touched.add(hex.encode(out.script))
    for (const key of touched) {
      const list = this.byScript.get(key)
      if (list) list.push(txid)
      else this.byScript.set(key, [txid])
    }
    return record
  }

  private buildCoinbase(height: number, reward: bigint, rewardScript: Uint8Array, included: Transaction[]): Transaction {
    const coinbase = new Transaction()
    coinbase.version = 2
    // BIP34 height, then OP_0 so the scriptSig has the two bytes consensus wants even at heights 1-16.
    const scriptSig = btcScript.compile([btcScript.number.encode(height), opcodes.OP_0])
    coinbase.addInput(new Uint8Array(32), 0xffffffff, SEQUENCE_FINAL, scriptSig)
    coinbase.setWitness(0, [new Uint8Array(32)])
    coinbase.addOutput(rewardScript, reward)
    // BIP141 witness commitment: hash256(witness merkle root || reserved value), behind OP_RETURN aa21a9ed.
    const witnessRoot = Block.calculateMerkleRoot([coinbase, ...included], true)
    coinbase.addOutput(btcScript.compile([opcodes.OP_RETURN, Uint8Array.from([...WITNESS_COMMITMENT_HEADER, ...witnessRoot])]), 0n)
    return coinbase
  }

  private connectBlock(records: TxRecord[], time?: number): BlockRecord {
    const prev = this.tip
    const txs = records.map((r) => r.tx)
    const merkleRoot = Block.calculateMerkleRoot(txs)
    const header = {
      version: BLOCK_VERSION,
      prevHash: Uint8Array.from(hex.decode(prev.hash)).reverse(),
      merkleRoot,
      time: Math.max(time ?? this.clock(), prev.time + 1),
      bits: REGTEST_BITS,
      nonce: 0,
    }
    const target = targetFromBits(REGTEST_BITS)
    let headerBytes = serializeHeader(header)
    // Regtest proof of work: about two tries on average.
    while (BigInt(`0x${reversedHex(sha256d(headerBytes))}`) > target) {
      header.nonce++
      headerBytes = serializeHeader(header)
    }
    return this.addBlock(headerBytes, header, records, prev)
  }

  private addBlock(
    headerBytes: Uint8Array,
    header: { version: number; merkleRoot: Uint8Array; time: number; bits: number; nonce: number },
    records: TxRecord[],
    prev: BlockRecord | undefined,
  ): BlockRecord {
    const countSize = records.length < 0xfd ? 1 : 3
    const baseSize = 80 + countSize + records.reduce((n, r) => n + r.tx.byteLength(false), 0)
    const totalSize = 80 + countSize + records.reduce((n, r) => n + r.tx.byteLength(true), 0)
    const block: BlockRecord = {
      hash: reversedHex(sha256d(headerBytes)),
      height: prev ? prev.height + 1 : 0,
      version: header.version,
      prevHash: prev ? prev.hash : null,
      merkleRoot: reversedHex(header.merkleRoot),
      time: header.time,
      bits: header.bits,
      nonce: header.nonce,
      header: headerBytes,
      txids: records.map((r) => r.txid),
      size: totalSize,
      weight: baseSize * 3 + totalSize,
    }
    for (const r of records) r.block = block
    this.blocks.push(block)
    this.blocksByHash.set(block.hash, block)
    return block
  }

  private addGenesis(): void {
    const coinbase = Transaction.fromHex(GENESIS.coinbaseHex)
    const record: TxRecord = { txid: coinbase.getId(), tx: coinbase, hex: GENESIS.coinbaseHex, fee: 0, prevouts: [null], order: this.nextOrder++ }
    // Like bitcoind, the genesis coinbase is not in the UTXO set or any index: only the block refers to it.
    const merkleRoot = Block.calculateMerkleRoot([coinbase])
    const header = { version: GENESIS.version, prevHash: new Uint8Array(32), merkleRoot, time: GENESIS.time, bits: GENESIS.bits, nonce: GENESIS.nonce }
    const block = this.addBlock(serializeHeader(header), header, [record], undefined)
    if (block.hash !== REGTEST_GENESIS_HASH) throw new Error(`regtest genesis hashed to ${block.hash}, want ${REGTEST_GENESIS_HASH}`)
  }
}

function unsupportedSpend(): TxRejected {
  return rejected(
    'bad-txns-nonstandard-inputs (the Portico regtest ledger verifies P2WPKH, P2SH-P2WPKH, P2PKH and P2TR key-path spends only)',
  )
}
