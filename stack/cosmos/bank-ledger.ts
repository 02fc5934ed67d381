import * as secp from '@bitcoinerlab/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { utf8ToBytes } from '@noble/hashes/utils'
import { base64, bech32, hex } from '@scure/base'
import { BaseAccount, ModuleAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth'
import {
  QueryAccountInfoRequest,
  QueryAccountInfoResponse,
  QueryAccountRequest,
  QueryAccountResponse,
} from 'cosmjs-types/cosmos/auth/v1beta1/query'
import { Metadata } from 'cosmjs-types/cosmos/bank/v1beta1/bank'
import {
  QueryAllBalancesRequest,
  QueryAllBalancesResponse,
  QueryBalanceRequest,
  QueryBalanceResponse,
  QueryDenomMetadataRequest,
  QueryDenomMetadataResponse,
  QueryDenomsMetadataResponse,
  QuerySpendableBalancesRequest,
  QuerySpendableBalancesResponse,
  QuerySupplyOfRequest,
  QuerySupplyOfResponse,
  QueryTotalSupplyResponse,
} from 'cosmjs-types/cosmos/bank/v1beta1/query'
import { MsgSend, MsgSendResponse } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci'
import type { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { QueryDelegatorDelegationsResponse } from 'cosmjs-types/cosmos/staking/v1beta1/query'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { SimulateRequest, SimulateResponse } from 'cosmjs-types/cosmos/tx/v1beta1/service'
import { AuthInfo, SignDoc, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import type { Any } from 'cosmjs-types/google/protobuf/any'
import { legacyAminoSignBytes } from './amino-json.ts'
import { COSMOS_BECH32_PREFIX, COSMOS_DENOM, COSMOS_DISPLAY_DENOM, cosmosAddressFromPubkey } from './dev-accounts.ts'

/**
 * The x/auth + x/bank part of a Cosmos SDK (v0.50) app: accounts with numbers, sequences and pubkeys, balances, the
 * ante handler (fees, min gas price, sequence and signature checks) and MsgSend, answering the gRPC queries cosmjs
 * makes through abci_query. Errors carry the SDK's codes, codespace and log texts.
 */

export type AbciEvent = { type: string; attributes: Array<{ key: string; value: string; index: boolean }> }

export type TxOutcome = {
  code: number
  codespace: string
  log: string
  gasWanted: bigint
  gasUsed: bigint
  events: AbciEvent[]
  /** TxMsgData with the message responses (empty when the transaction failed). */
  data: Uint8Array
}

export type QueryOutcome = { code: number; codespace: string; log: string; value: Uint8Array }

export type BankMsg = { typeUrl: '/cosmos.bank.v1beta1.MsgSend'; value: MsgSend }

type Account = { address: string; accountNumber: bigint; sequence: bigint; pubKey?: Uint8Array; moduleName?: string; permissions?: string[] }

type DecodedTx = { raw: TxRaw; body: TxBody; authInfo: AuthInfo; msgs: BankMsg[]; signers: string[]; size: number }

export type TxMode = 'check' | 'deliver' | 'simulate'

/** Error codes of the SDK's root codespace ("sdk") used here. */
export const SdkCode = {
  TxDecode: 2,
  Unauthorized: 4,
  InsufficientFunds: 5,
  UnknownRequest: 6,
  InvalidAddress: 7,
  InvalidPubKey: 8,
  UnknownAddress: 9,
  InvalidCoins: 10,
  OutOfGas: 11,
  MemoTooLarge: 12,
  InsufficientFee: 13,
  NoSignatures: 15,
  InvalidRequest: 18,
  KeyNotFound: 22,
  TxTimeoutHeight: 30,
  WrongSequence: 32,
} as const

export class AbciError extends Error {
  constructor(
    readonly code: number,
    readonly log: string,
    readonly codespace = 'sdk',
  ) {
    super(log)
    this.name = 'AbciError'
  }
}

/**
 * Gas schedule: the SDK's per-byte and signature costs, and flat costs standing in for the store reads and writes a
 * real app meters (a MsgSend comes to 50-60k gas, the size of a real one). Deterministic for a given transaction.
 */
const GAS = {
  txSizePerByte: 10,
  secp256k1Verify: 1000,
  /** A signature and pubkey the simulation has not got yet, priced as if present (what the SDK's simulation adds). */
  simulatedSignatureBytes: 64 + 40,
  accountRead: 4_000,
  feeDeduction: 12_000,
  sequenceWrite: 6_000,
  msgSend: 20_000,
  msgSendPerCoin: 5_000,
} as const

const MAX_MEMO_CHARACTERS = 256
const MAX_UINT64 = 2n ** 64n - 1n
/** Minimum gas price a validator here accepts in CheckTx: 0.0025ustake per gas (25 / 10000). */
export const MIN_GAS_PRICE = { numerator: 25n, denominator: 10_000n, denom: COSMOS_DENOM, text: `0.0025${COSMOS_DENOM}` }
export const FEE_COLLECTOR = 'fee_collector'
const DENOM_PATTERN = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/
const SECP256K1_PUBKEY_TYPE = '/cosmos.crypto.secp256k1.PubKey'
const MSG_SEND_TYPE = '/cosmos.bank.v1beta1.MsgSend'

export function moduleAddress(name: string): string {
  return bech32.encode(COSMOS_BECH32_PREFIX, bech32.toWords(sha256(utf8ToBytes(name)).slice(0, 20)))
}

/** The SDK's Coins.String(): `5000ustake`, several joined by commas. */
export function formatCoins(coins: Array<{ denom: string; amount: bigint | string }>): string {
  return coins.map((c) => `${c.amount}${c.denom}`).join(',')
}

function validateAddress(address: string): void {
  let decoded: { prefix: string; words: number[] }
  try {
    decoded = bech32.decode(address as `${string}1${string}`)
  } catch (err) {
    throw new Error(`decoding bech32 failed: ${(err as Error).message}`)
  }
  if (decoded.prefix !== COSMOS_BECH32_PREFIX) throw new Error(`invalid Bech32 prefix; expected ${COSMOS_BECH32_PREFIX}, got ${decoded.prefix}`)
  const bytes = bech32.fromWords(decoded.words)
  if (bytes.length !== 20 && bytes.length !== 32) throw new Error(`address length must be 20 or 32 bytes, got ${bytes.length}: unknown address`)
}

/** Coins as the SDK validates them: valid denoms, positive integer amounts, sorted and without duplicates. */
function parseCoins(coins: Coin[]): Array<{ denom: string; amount: bigint }> {
  const parsed = coins.map((c) => {
    if (!DENOM_PATTERN.test(c.denom)) throw new Error(`invalid denom: ${c.denom}`)
    if (!/^\d+$/.test(c.amount)) throw new Error(`invalid coin amount: ${c.amount}`)
    return { denom: c.denom, amount: BigInt(c.amount) }
  })
  for (let i = 1; i < parsed.length; i++) {
    if (parsed[i - 1]!.denom >= parsed[i]!.denom) throw new Error(`coins are not sorted or have duplicates: ${formatCoins(parsed)}`)
  }
  return parsed
}

class GasMeter {
  used = 0n
  constructor(readonly limit: bigint | undefined) {}
  consume(amount: number | bigint, where: string): void {
    this.used += BigInt(amount)
    if (this.limit !== undefined && this.used > this.limit) {
      throw new AbciError(SdkCode.OutOfGas, `out of gas in location: ${where}; gasWanted: ${this.limit}, gasUsed: ${this.used}: out of gas`)
    }
  }
}

class LedgerState {
  accounts = new Map<string, Account>()
  balances = new Map<string, Map<string, bigint>>()
  nextAccountNumber = 0n

  clone(): LedgerState {
    const copy = new LedgerState()
    for (const [k, v] of this.accounts) copy.accounts.set(k, { ...v })
    for (const [k, v] of this.balances) copy.balances.set(k, new Map(v))
    copy.nextAccountNumber = this.nextAccountNumber
    return copy
  }

  assign(other: LedgerState): void {
    this.accounts = other.accounts
    this.balances = other.balances
    this.nextAccountNumber = other.nextAccountNumber
  }

  balance(address: string, denom: string): bigint {
    return this.balances.get(address)?.get(denom) ?? 0n
  }

  allBalances(address: string): Array<{ denom: string; amount: bigint }> {
    return [...(this.balances.get(address) ?? new Map<string, bigint>())]
      .filter(([, amount]) => amount > 0n)
      .map(([denom, amount]) => ({ denom, amount }))
      .sort((a, b) => (a.denom < b.denom ? -1 : 1))
  }

  ensureAccount(address: string): Account {
    let account = this.accounts.get(address)
    if (!account) {
      account = { address, accountNumber: this.nextAccountNumber++, sequence: 0n }
      this.accounts.set(address, account)
    }
    return account
  }

  /** x/bank's subUnlockedCoins: every coin must be covered by the spendable balance. */
  subtract(address: string, coins: Array<{ denom: string; amount: bigint }>): void {
    for (const coin of coins) {
      const have = this.balance(address, coin.denom)
      if (have < coin.amount) {
        throw new AbciError(
          SdkCode.InsufficientFunds,
          `spendable balance ${have}${coin.denom} is smaller than ${coin.amount}${coin.denom}: insufficient funds`,
        )
      }
    }
    const map = this.balances.get(address) ?? new Map<string, bigint>()
    for (const coin of coins) map.set(coin.denom, map.get(coin.denom)! - coin.amount)
    this.balances.set(address, map)
  }

  add(address: string, coins: Array<{ denom: string; amount: bigint }>): void {
    const map = this.balances.get(address) ?? new Map<string, bigint>()
    for (const coin of coins) map.set(coin.denom, (map.get(coin.denom) ?? 0n) + coin.amount)
    this.balances.set(address, map)
  }

  supply(): Array<{ denom: string; amount: bigint }> {
    const totals = new Map<string, bigint>()
    for (const map of this.balances.values()) for (const [denom, amount] of map) totals.set(denom, (totals.get(denom) ?? 0n) + amount)
    return [...totals]
      .filter(([, amount]) => amount > 0n)
      .map(([denom, amount]) => ({ denom, amount }))
      .sort((a, b) => (a.denom < b.denom ? -1 : 1))
  }

  /** A digest of the whole state, standing in for the IAVL root as the block's app hash. */
  hash(): Uint8Array {
    const accounts = [...this.accounts.values()]
      .sort((a, b) => (a.address < b.address ? -1 : 1))
      .map((a) => [a.address, a.accountNumber.toString(), a.sequence.toString(), a.pubKey ? hex.encode(a.pubKey) : '', this.allBalances(a.address).map((c) => formatCoins([c]))])
    return sha256(utf8ToBytes(JSON.stringify(accounts)))
  }
}

const event = (type: string, attributes: Array<[string, string]>): AbciEvent => ({
  type,
  attributes: attributes.map(([key, value]) => ({ key, value, index: true })),
})

function transferEvents(from: string, to: string, amount: string, msgIndex?: number): AbciEvent[] {
  const tag: Array<[string, string]> = msgIndex === undefined ? [] : [['msg_index', String(msgIndex)]]
  return [
    event('coin_spent', [['spender', from], ['amount', amount], ...tag]),
    event('coin_received', [['receiver', to], ['amount', amount], ...tag]),
    event('transfer', [['recipient', to], ['sender', from], ['amount', amount], ...tag]),
    event('message', [['sender', from], ...tag]),
  ]
}

export type BankLedgerOptions = {
  chainId: string
  /** address -> ustake at genesis. */
  genesisBalances: Array<{ address: string; amount: bigint }>
}

export class BankLedger {
  readonly chainId: string
  /** Committed state (DeliverTx writes here). */
  private readonly state = new LedgerState()
  /** CheckTx state: the committed state plus the ante effects (fees, sequences) of transactions waiting for a block. */
  private checkState: LedgerState
  readonly feeCollector = moduleAddress(FEE_COLLECTOR)
  private readonly metadata: Metadata
  /** The height simulations run at; the node keeps it at the next block's height. */
  currentHeight = 1

  constructor(opts: BankLedgerOptions) {
    this.chainId = opts.chainId
    for (const { address, amount } of opts.genesisBalances) {
      this.state.ensureAccount(address)
      this.state.add(address, [{ denom: COSMOS_DENOM, amount }])
    }
    const feeCollector = this.state.ensureAccount(this.feeCollector)
    feeCollector.moduleName = FEE_COLLECTOR
    feeCollector.permissions = []
    this.checkState = this.state.clone()
    this.metadata = Metadata.fromPartial({
      description: 'The staking and fee token of the Portico local Cosmos chain.',
      denomUnits: [
        { denom: COSMOS_DENOM, exponent: 0, aliases: ['microstake'] },
        { denom: 'mstake', exponent: 3, aliases: ['millistake'] },
        { denom: COSMOS_DISPLAY_DENOM.toLowerCase(), exponent: 6, aliases: [] },
      ],
      base: COSMOS_DENOM,
      display: COSMOS_DISPLAY_DENOM.toLowerCase(),
      name: 'Stake',
      symbol: COSMOS_DISPLAY_DENOM,
    })
  }

  appHash(): Uint8Array {
    return this.state.hash()
  }

  balance(address: string, denom = COSMOS_DENOM): bigint {
    return this.state.balance(address, denom)
  }

  /** Test and dev helper (no transaction): credits an address, creating its account, as a genesis balance would. */
  mint(address: string, amount: bigint, denom = COSMOS_DENOM): void {
    validateAddress(address)
    for (const s of [this.state, this.checkState]) {
      s.ensureAccount(address)
      s.add(address, [{ denom, amount }])
    }
  }

  /** After a block: CheckTx starts again from the committed state (the mempool is empty, every tx went in). */
  resetCheckState(): void {
    this.checkState = this.state.clone()
  }

  checkTx(txBytes: Uint8Array, height: number): TxOutcome {
    return this.runTx(this.checkState, txBytes, 'check', height)
  }

  deliverTx(txBytes: Uint8Array, height: number): TxOutcome {
    return this.runTx(this.state, txBytes, 'deliver', height)
  }

  // ---------------------------------------------------------------------------------------------- transactions

  private runTx(state: LedgerState, txBytes: Uint8Array, mode: TxMode, height: number): TxOutcome {
    let gas = new GasMeter(undefined)
    let gasWanted = 0n
    const failure = (err: unknown, events: AbciEvent[] = []): TxOutcome => {
      if (!(err instanceof AbciError)) throw err
      return { code: err.code, codespace: err.codespace, log: err.log, gasWanted, gasUsed: gas.used, events, data: new Uint8Array() }
    }
    let tx: DecodedTx
    try {
      tx = decodeTx(txBytes)
      gasWanted = tx.authInfo.fee?.gasLimit ?? 0n
      // The SDK meters with the transaction's gas limit, except in simulation (infinite meter).
      gas = new GasMeter(mode === 'simulate' ? undefined : gasWanted)
      validateBasic(tx, height)
    } catch (err) {
      return failure(err)
    }

    const anteState = state.clone()
    let anteEvents: AbciEvent[]
    try {
      anteEvents = this.ante(anteState, tx, mode, gas)
    } catch (err) {
      return failure(err)
    }
    if (mode === 'check') {
      state.assign(anteState)
      return { code: 0, codespace: '', log: '', gasWanted, gasUsed: gas.used, events: anteEvents, data: new Uint8Array() }
    }

    const msgState = anteState.clone()
    try {
      const { events, responses } = this.runMsgs(msgState, tx, gas)
      if (mode === 'deliver') state.assign(msgState)
      const data = TxMsgData.encode({ data: [], msgResponses: responses }).finish()
      return { code: 0, codespace: '', log: '', gasWanted: mode === 'simulate' ? MAX_UINT64 : gasWanted, gasUsed: gas.used, events: [...anteEvents, ...events], data }
    } catch (err) {
      // A failed message still pays its fee and uses up its sequence: the ante handler's writes stay.
      if (mode === 'deliver') state.assign(anteState)
      return failure(err, anteEvents)
    }
  }

  private ante(state: LedgerState, tx: DecodedTx, mode: TxMode, gas: GasMeter): AbciEvent[] {
    const simulate = mode === 'simulate'
    const events: AbciEvent[] = []
    let sizeBytes = tx.size
    if (simulate) sizeBytes += tx.raw.signatures.filter((s) => s.length === 0).length * GAS.simulatedSignatureBytes
    gas.consume(sizeBytes * GAS.txSizePerByte, 'txSize')

    // DeductFeeDecorator
    const fee = tx.authInfo.fee
    let feeCoins: Array<{ denom: string; amount: bigint }>
    try {
      feeCoins = parseCoins(fee?.amount ?? []).filter((c) => c.amount > 0n)
    } catch (err) {
      throw new AbciError(SdkCode.InsufficientFee, `invalid fee amount: ${(err as Error).message}: insufficient fee`)
    }
    if (mode === 'check') {
      const required = (gasLimitOf(tx) * MIN_GAS_PRICE.numerator + MIN_GAS_PRICE.denominator - 1n) / MIN_GAS_PRICE.denominator
      const paid = feeCoins.find((c) => c.denom === MIN_GAS_PRICE.denom)?.amount ?? 0n
      if (required > 0n && paid < required) {
        throw new AbciError(SdkCode.InsufficientFee, `insufficient fees; got: ${formatCoins(feeCoins)} required: ${required}${MIN_GAS_PRICE.denom}: insufficient fee`)
      }
    }
    if (fee?.granter) throw new AbciError(SdkCode.InvalidRequest, 'fee grants are not enabled: invalid request')
    const payer = fee?.payer || tx.signers[0]!
    if (!tx.signers.includes(payer)) throw new AbciError(SdkCode.Unauthorized, `fee payer ${payer} is not a signer: unauthorized`)
    gas.consume(GAS.accountRead, 'ReadFlat')
    if (!state.accounts.has(payer)) throw new AbciError(SdkCode.UnknownAddress, `fee payer address: ${payer} does not exist: unknown address`)
    if (feeCoins.length > 0) {
      try {
        state.subtract(payer, feeCoins)
      } catch (err) {
        if (err instanceof AbciError) throw new AbciError(SdkCode.InsufficientFunds, `${err.log}: insufficient funds`)
        throw err
      }
      state.add(this.feeCollector, feeCoins)
      gas.consume(GAS.feeDeduction, 'WriteFlat')
      events.push(...transferEvents(payer, this.feeCollector, formatCoins(feeCoins)))
    }
    events.push(event('tx', [['fee', formatCoins(feeCoins)], ['fee_payer', payer]]))

    // SetPubKeyDecorator
    const accounts = tx.signers.map((signer, i) => {
      gas.consume(GAS.accountRead, 'ReadFlat')
      const account = state.accounts.get(signer)
      if (!account) throw new AbciError(SdkCode.UnknownAddress, `account ${signer} does not exist: unknown address`)
      const pubKey = decodePubKey(tx.authInfo.signerInfos[i]!.publicKey)
      if (pubKey) {
        if (!simulate && cosmosAddressFromPubkey(pubKey) !== signer) {
          throw new AbciError(SdkCode.InvalidPubKey, `pubKey does not match signer address ${signer} with signer index: ${i}: invalid pubkey`)
        }
        if (!account.pubKey && !simulate) account.pubKey = pubKey
      }
      return account
    })
    tx.signers.forEach((signer, i) => {
      events.push(event('tx', [['acc_seq', `${signer}/${accounts[i]!.sequence}`]]))
    })
    for (const signature of tx.raw.signatures) events.push(event('tx', [['signature', base64.encode(signature)]]))

    // SigGasConsumeDecorator, SigVerificationDecorator
    tx.signers.forEach((signer, i) => {
      const account = accounts[i]!
      const info = tx.authInfo.signerInfos[i]!
      gas.consume(GAS.secp256k1Verify, 'ante verify: secp256k1')
      if (info.sequence !== account.sequence) {
        throw new AbciError(SdkCode.WrongSequence, `account sequence mismatch, expected ${account.sequence}, got ${info.sequence}: incorrect account sequence`)
      }
      if (simulate) return
      if (!account.pubKey) throw new AbciError(SdkCode.InvalidPubKey, 'pubkey on account is not set: invalid pubkey')
      const signMode = info.modeInfo?.single?.mode
      let signBytes: Uint8Array
      if (signMode === SignMode.SIGN_MODE_DIRECT) {
        signBytes = SignDoc.encode({
          bodyBytes: tx.raw.bodyBytes,
          authInfoBytes: tx.raw.authInfoBytes,
          chainId: this.chainId,
          accountNumber: account.accountNumber,
        }).finish()
      } else if (signMode === SignMode.SIGN_MODE_LEGACY_AMINO_JSON) {
        signBytes = legacyAminoSignBytes({
          body: tx.body,
          msgs: tx.msgs,
          authInfo: tx.authInfo,
          chainId: this.chainId,
          accountNumber: account.accountNumber,
          sequence: account.sequence,
        })
      } else {
        throw new AbciError(SdkCode.Unauthorized, `unsupported sign mode ${signMode === undefined ? 'multi' : SignMode[signMode]}: unauthorized`)
      }
      if (!verifySecp256k1(signBytes, account.pubKey, tx.raw.signatures[i]!)) {
        throw new AbciError(
          SdkCode.Unauthorized,
          `signature verification failed; please verify account number (${account.accountNumber}), sequence (${account.sequence}) and chain-id (${this.chainId}): unauthorized`,
        )
      }
    })

    // IncrementSequenceDecorator
    for (const account of accounts) {
      account.sequence++
      gas.consume(GAS.sequenceWrite, 'WriteFlat')
    }
    return events
  }

  private runMsgs(state: LedgerState, tx: DecodedTx, gas: GasMeter): { events: AbciEvent[]; responses: Any[] } {
    const events: AbciEvent[] = []
    const responses: Any[] = []
    tx.msgs.forEach((msg, i) => {
      const { fromAddress, toAddress } = msg.value
      const amount = parseCoins(msg.value.amount)
      gas.consume(GAS.msgSend + GAS.msgSendPerCoin * amount.length, 'WriteFlat')
      try {
        if (state.accounts.get(toAddress)?.moduleName) {
          throw new AbciError(SdkCode.Unauthorized, `${toAddress} is not allowed to receive funds: unauthorized`)
        }
        state.subtract(fromAddress, amount)
        state.ensureAccount(toAddress)
        state.add(toAddress, amount)
      } catch (err) {
        if (err instanceof AbciError) throw new AbciError(err.code, `failed to execute message; message index: ${i}: ${err.log}`)
        throw err
      }
      events.push(event('message', [['action', MSG_SEND_TYPE], ['sender', fromAddress], ['module', 'bank'], ['msg_index', String(i)]]))
      events.push(...transferEvents(fromAddress, toAddress, formatCoins(amount), i))
      responses.push({ typeUrl: '/cosmos.bank.v1beta1.MsgSendResponse', value: MsgSendResponse.encode({}).finish() })
    })
    return { events, responses }
  }

  // ---------------------------------------------------------------------------------------------- queries

  /** A gRPC query through ABCI (abci_query with a /package.Service/Method path), always on the latest state. */
  query(path: string, data: Uint8Array): QueryOutcome {
    try {
      const value = this.answer(path, data)
      return { code: 0, codespace: '', log: '', value }
    } catch (err) {
      if (err instanceof AbciError) return { code: err.code, codespace: err.codespace, log: err.log, value: new Uint8Array() }
      throw err
    }
  }

  private answer(path: string, data: Uint8Array): Uint8Array {
    const state = this.state
    const grpcInvalid = (message: string) => new AbciError(SdkCode.InvalidRequest, `rpc error: code = InvalidArgument desc = ${message}: invalid request`)
    const checkAddress = (address: string) => {
      try {
        validateAddress(address)
      } catch (err) {
        throw grpcInvalid(`invalid address: ${(err as Error).message}`)
      }
    }
    const coinsOf = (address: string) => state.allBalances(address).map((c) => ({ denom: c.denom, amount: c.amount.toString() }))
    const page = (total: number) => ({ nextKey: new Uint8Array(), total: BigInt(total) })
    switch (path) {
      case '/cosmos.auth.v1beta1.Query/Account': {
        const { address } = decodeRequest(() => QueryAccountRequest.decode(data))
        checkAddress(address)
        const account = state.accounts.get(address)
        if (!account) throw new AbciError(SdkCode.KeyNotFound, `rpc error: code = NotFound desc = account ${address} not found: key not found`)
        return QueryAccountResponse.encode({ account: accountAny(account) }).finish()
      }
      case '/cosmos.auth.v1beta1.Query/AccountInfo': {
        const { address } = decodeRequest(() => QueryAccountInfoRequest.decode(data))
        checkAddress(address)
        const account = state.accounts.get(address)
        if (!account) throw new AbciError(SdkCode.KeyNotFound, `rpc error: code = NotFound desc = account ${address} not found: key not found`)
        return QueryAccountInfoResponse.encode({ info: baseAccount(account) }).finish()
      }
      case '/cosmos.bank.v1beta1.Query/Balance': {
        const { address, denom } = decodeRequest(() => QueryBalanceRequest.decode(data))
        checkAddress(address)
        if (!DENOM_PATTERN.test(denom)) throw grpcInvalid(`invalid denom: ${denom}`)
        return QueryBalanceResponse.encode({ balance: { denom, amount: state.balance(address, denom).toString() } }).finish()
      }
      case '/cosmos.bank.v1beta1.Query/AllBalances': {
        const { address } = decodeRequest(() => QueryAllBalancesRequest.decode(data))
        checkAddress(address)
        const balances = coinsOf(address)
        return QueryAllBalancesResponse.encode({ balances, pagination: page(balances.length) }).finish()
      }
      case '/cosmos.bank.v1beta1.Query/SpendableBalances': {
        const { address } = decodeRequest(() => QuerySpendableBalancesRequest.decode(data))
        checkAddress(address)
        const balances = coinsOf(address)
        return QuerySpendableBalancesResponse.encode({ balances, pagination: page(balances.length) }).finish()
      }
      case '/cosmos.bank.v1beta1.Query/TotalSupply': {
        const supply = state.supply().map((c) => ({ denom: c.denom, amount: c.amount.toString() }))
        return QueryTotalSupplyResponse.encode({ supply, pagination: page(supply.length) }).finish()
      }
      case '/cosmos.bank.v1beta1.Query/SupplyOf': {
        const { denom } = decodeRequest(() => QuerySupplyOfRequest.decode(data))
        if (!DENOM_PATTERN.test(denom)) throw grpcInvalid(`invalid denom: ${denom}`)
        const amount = state.supply().find((c) => c.denom === denom)?.amount ?? 0n
        return QuerySupplyOfResponse.encode({ amount: { denom, amount: amount.toString() } }).finish()
      }
      case '/cosmos.bank.v1beta1.Query/DenomMetadata': {
        const { denom } = decodeRequest(() => QueryDenomMetadataRequest.decode(data))
        if (denom !== this.metadata.base) {
          throw new AbciError(SdkCode.KeyNotFound, `rpc error: code = NotFound desc = client metadata for denom ${denom}: key not found`)
        }
        return QueryDenomMetadataResponse.encode({ metadata: this.metadata }).finish()
      }
      case '/cosmos.bank.v1beta1.Query/DenomsMetadata':
        return QueryDenomsMetadataResponse.encode({ metadatas: [this.metadata], pagination: page(1) }).finish()
      case '/cosmos.staking.v1beta1.Query/DelegatorDelegations':
        // No x/staking here: every delegator has no delegations (what StargateClient.getBalanceStaked reads).
        return QueryDelegatorDelegationsResponse.encode({ delegationResponses: [], pagination: page(0) }).finish()
      case '/cosmos.tx.v1beta1.Service/Simulate': {
        const request = decodeRequest(() => SimulateRequest.decode(data))
        // Simulation runs on the CheckTx state, so it sees the sequences of transactions still waiting for a block.
        const outcome = this.runTx(this.checkState, request.txBytes, 'simulate', this.currentHeight)
        if (outcome.code !== 0) {
          throw new AbciError(
            outcome.code === SdkCode.TxDecode ? SdkCode.TxDecode : SdkCode.UnknownRequest,
            `rpc error: code = Unknown desc = ${outcome.log} With gas wanted: '${outcome.gasWanted}' and gas used: '${outcome.gasUsed}' : unknown request`,
          )
        }
        return SimulateResponse.encode({
          gasInfo: { gasWanted: outcome.gasWanted, gasUsed: outcome.gasUsed },
          result: {
            data: new Uint8Array(),
            log: '',
            events: outcome.events.map((e) => ({ type: e.type, attributes: e.attributes })),
            msgResponses: TxMsgData.decode(outcome.data).msgResponses,
          },
        }).finish()
      }
      default:
        throw new AbciError(SdkCode.UnknownRequest, `unknown query path: ${path}: unknown request`)
    }
  }
}

function gasLimitOf(tx: DecodedTx): bigint {
  return tx.authInfo.fee?.gasLimit ?? 0n
}

function decodeRequest<T>(decode: () => T): T {
  try {
    return decode()
  } catch (err) {
    throw new AbciError(SdkCode.InvalidRequest, `rpc error: code = InvalidArgument desc = ${(err as Error).message}: invalid request`)
  }
}

function baseAccount(account: Account): BaseAccount {
  return BaseAccount.fromPartial({
    address: account.address,
    pubKey: account.pubKey ? { typeUrl: SECP256K1_PUBKEY_TYPE, value: PubKey.encode({ key: account.pubKey }).finish() } : undefined,
    accountNumber: account.accountNumber,
    sequence: account.sequence,
  })
}

function accountAny(account: Account): Any {
  if (account.moduleName) {
    return {
      typeUrl: '/cosmos.auth.v1beta1.ModuleAccount',
      value: ModuleAccount.encode({ baseAccount: baseAccount(account), name: account.moduleName, permissions: account.permissions ?? [] }).finish(),
    }
  }
  return { typeUrl: '/cosmos.auth.v1beta1.BaseAccount', value: BaseAccount.encode(baseAccount(account)).finish() }
}

function decodePubKey(any: Any | undefined): Uint8Array | undefined {
  if (!any) return undefined
  if (any.typeUrl !== SECP256K1_PUBKEY_TYPE) {
    throw new AbciError(SdkCode.InvalidPubKey, `unsupported public key type ${any.typeUrl} (this ledger verifies secp256k1 keys only): invalid pubkey`)
  }
  const key = PubKey.decode(any.value).key
  if (key.length !== 33 || !secp.isPoint(key)) throw new AbciError(SdkCode.InvalidPubKey, 'invalid secp256k1 public key: invalid pubkey')
  return key
}

/** The SDK's secp256k1 check: 64-byte r||s over sha256(sign bytes), high-S (malleable) signatures refused. */
function verifySecp256k1(signBytes: Uint8Array, pubKey: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false
  try {
    return secp.verify(sha256(signBytes), pubKey, signature, true)
  } catch {
    return false
  }
}

function decodeTx(txBytes: Uint8Array): DecodedTx {
  const parseError = (detail: string) => new AbciError(SdkCode.TxDecode, `${detail}: tx parse error`)
  let raw: TxRaw
  let body: TxBody
  let authInfo: AuthInfo
  try {
    raw = TxRaw.decode(txBytes)
    body = TxBody.decode(raw.bodyBytes)
    authInfo = AuthInfo.decode(raw.authInfoBytes)
  } catch (err) {
    throw parseError((err as Error).message)
  }
  const msgs = body.messages.map((any): BankMsg => {
    if (any.typeUrl !== MSG_SEND_TYPE) throw parseError(`unable to resolve type URL ${any.typeUrl}`)
    try {
      return { typeUrl: MSG_SEND_TYPE, value: MsgSend.decode(any.value) }
    } catch (err) {
      throw parseError((err as Error).message)
    }
  })
  const signers: string[] = []
  for (const m of msgs) if (!signers.includes(m.value.fromAddress)) signers.push(m.value.fromAddress)
  return { raw, body, authInfo, msgs, signers, size: txBytes.length }
}

/** The stateless checks (ValidateBasic, memo, timeout height) the SDK runs before the ante handler's state reads. */
function validateBasic(tx: DecodedTx, height: number): void {
  if (tx.msgs.length === 0) throw new AbciError(SdkCode.InvalidRequest, 'must contain at least one message: invalid request')
  for (const { value } of tx.msgs) {
    try {
      validateAddress(value.fromAddress)
    } catch (err) {
      throw new AbciError(SdkCode.InvalidAddress, `invalid from address: ${(err as Error).message}: invalid address`)
    }
    try {
      validateAddress(value.toAddress)
    } catch (err) {
      throw new AbciError(SdkCode.InvalidAddress, `invalid to address: ${(err as Error).message}: invalid address`)
    }
    let amount: Array<{ denom: string; amount: bigint }>
    try {
      amount = parseCoins(value.amount)
    } catch {
      throw new AbciError(SdkCode.InvalidCoins, `${value.amount.map((c) => `${c.amount}${c.denom}`).join(',')}: invalid coins`)
    }
    if (amount.length === 0 || amount.some((c) => c.amount <= 0n)) throw new AbciError(SdkCode.InvalidCoins, `${formatCoins(amount)}: invalid coins`)
  }
  if (tx.body.unordered) throw new AbciError(SdkCode.InvalidRequest, 'unordered transactions are not supported by this ledger: invalid request')
  if (tx.raw.signatures.length === 0) throw new AbciError(SdkCode.NoSignatures, 'no signatures supplied')
  if (tx.raw.signatures.length !== tx.signers.length) {
    throw new AbciError(SdkCode.Unauthorized, `wrong number of signers; expected ${tx.signers.length}, got ${tx.raw.signatures.length}: unauthorized`)
  }
  if (tx.authInfo.signerInfos.length !== tx.signers.length) {
    throw new AbciError(SdkCode.Unauthorized, `invalid number of signer;  expected: ${tx.signers.length}, got ${tx.authInfo.signerInfos.length}: unauthorized`)
  }
  const memoLength = [...tx.body.memo].length
  if (memoLength > MAX_MEMO_CHARACTERS) {
    throw new AbciError(SdkCode.MemoTooLarge, `maximum number of characters is ${MAX_MEMO_CHARACTERS} but received ${memoLength} characters: memo too large`)
  }
  if (tx.body.timeoutHeight > 0n && BigInt(height) > tx.body.timeoutHeight) {
    throw new AbciError(SdkCode.TxTimeoutHeight, `block height: ${height}, timeout height: ${tx.body.timeoutHeight}: tx timeout height`)
  }
}
