import { base58, base64 } from '@scure/base'
import { VersionedTransaction, type VersionedMessage } from '@solana/web3.js'
import {
  ASSOCIATED_TOKEN_PROGRAM,
  MEMO_PROGRAMS,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  uiTokenAmount,
} from './accounts.ts'
import { invalidParams } from './errors.ts'
import type { InnerInstructions, ReturnData, TransactionRecord } from './ledger.ts'

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58'

export function parseTransactionEncoding(value: unknown): TransactionEncoding {
  if (value === undefined || value === null) return 'json'
  if (value === 'json' || value === 'jsonParsed' || value === 'base64' || value === 'base58') return value
  if (value === 'binary') return 'base58'
  throw invalidParams(`Invalid params: unknown variant \`${String(value)}\`, expected one of \`binary\`, \`base64\`, \`base58\`, \`json\`, \`jsonParsed\``)
}

type ParsedInstruction = { program: string; programId: string; parsed: unknown; stackHeight: number | null }
type PartiallyDecodedInstruction = { programId: string; accounts: string[]; data: string; stackHeight: number | null }
type Parsed = { type: string; info: Record<string, unknown> } | string

const key = (data: Uint8Array, offset: number): string => base58.encode(data.subarray(offset, offset + 32))

/** The signer of a token instruction: one authority, or a multisig account followed by its signers. */
function authority(info: Record<string, unknown>, name: string, accounts: string[], index: number): Record<string, unknown> {
  if (accounts.length > index + 1) {
    info[`multisig${name[0]!.toUpperCase()}${name.slice(1)}`] = accounts[index]
    info.signers = accounts.slice(index + 1)
  } else {
    info[name] = accounts[index]
  }
  return info
}

function parseSystem(accounts: string[], data: Buffer): Parsed | null {
  if (data.length < 4) return null
  switch (data.readUInt32LE(0)) {
    case 0:
      if (data.length < 52 || accounts.length < 2) return null
      return {
        type: 'createAccount',
        info: { source: accounts[0], newAccount: accounts[1], lamports: Number(data.readBigUInt64LE(4)), space: Number(data.readBigUInt64LE(12)), owner: key(data, 20) },
      }
    case 1:
      if (data.length < 36 || accounts.length < 1) return null
      return { type: 'assign', info: { account: accounts[0], owner: key(data, 4) } }
    case 2:
      if (data.length < 12 || accounts.length < 2) return null
      return { type: 'transfer', info: { source: accounts[0], destination: accounts[1], lamports: Number(data.readBigUInt64LE(4)) } }
    case 8:
      if (data.length < 12 || accounts.length < 1) return null
      return { type: 'allocate', info: { account: accounts[0], space: Number(data.readBigUInt64LE(4)) } }
    default:
      return null
  }
}

function parseToken(accounts: string[], data: Buffer): Parsed | null {
  if (data.length < 1) return null
  const need = (n: number, bytes: number): boolean => accounts.length >= n && data.length >= bytes
  const amount = (): string => data.readBigUInt64LE(1).toString()
  const checked = () => uiTokenAmount(data.readBigUInt64LE(1), data[9]!)
  switch (data[0]) {
    case 0:
    case 20: {
      const rent = data[0] === 0
      if (!need(rent ? 2 : 1, 35)) return null
      const info: Record<string, unknown> = { mint: accounts[0], decimals: data[1], mintAuthority: key(data, 2) }
      if (rent) info.rentSysvar = accounts[1]
      if (data[34] === 1 && data.length >= 67) info.freezeAuthority = key(data, 35)
      return { type: rent ? 'initializeMint' : 'initializeMint2', info }
    }
    case 1:
      if (!need(4, 1)) return null
      return { type: 'initializeAccount', info: { account: accounts[0], mint: accounts[1], owner: accounts[2], rentSysvar: accounts[3] } }
    case 16:
      if (!need(3, 33)) return null
      return { type: 'initializeAccount2', info: { account: accounts[0], mint: accounts[1], owner: key(data, 1), rentSysvar: accounts[2] } }
    case 18:
      if (!need(2, 33)) return null
      return { type: 'initializeAccount3', info: { account: accounts[0], mint: accounts[1], owner: key(data, 1) } }
    case 3:
      if (!need(3, 9)) return null
      return { type: 'transfer', info: authority({ source: accounts[0], destination: accounts[1], amount: amount() }, 'authority', accounts, 2) }
    case 4:
      if (!need(3, 9)) return null
      return { type: 'approve', info: authority({ source: accounts[0], delegate: accounts[1], amount: amount() }, 'owner', accounts, 2) }
    case 5:
      if (!need(2, 1)) return null
      return { type: 'revoke', info: authority({ source: accounts[0] }, 'owner', accounts, 1) }
    case 7:
      if (!need(3, 9)) return null
      return { type: 'mintTo', info: authority({ mint: accounts[0], account: accounts[1], amount: amount() }, 'mintAuthority', accounts, 2) }
    case 8:
      if (!need(3, 9)) return null
      return { type: 'burn', info: authority({ account: accounts[0], mint: accounts[1], amount: amount() }, 'authority', accounts, 2) }
    case 9:
      if (!need(3, 1)) return null
      return { type: 'closeAccount', info: authority({ account: accounts[0], destination: accounts[1] }, 'owner', accounts, 2) }
    case 12:
      if (!need(4, 10)) return null
      return {
        type: 'transferChecked',
        info: authority({ source: accounts[0], mint: accounts[1], destination: accounts[2], tokenAmount: checked() }, 'authority', accounts, 3),
      }
    case 14:
      if (!need(3, 10)) return null
      return { type: 'mintToChecked', info: authority({ mint: accounts[0], account: accounts[1], tokenAmount: checked() }, 'mintAuthority', accounts, 2) }
    case 15:
      if (!need(3, 10)) return null
      return { type: 'burnChecked', info: authority({ account: accounts[0], mint: accounts[1], tokenAmount: checked() }, 'authority', accounts, 2) }
    case 17:
      if (!need(1, 1)) return null
      return { type: 'syncNative', info: { account: accounts[0] } }
    case 22:
      if (!need(1, 1)) return null
      return { type: 'initializeImmutableOwner', info: { account: accounts[0] } }
    default:
      return null
  }
}

function parseAssociatedToken(accounts: string[], data: Buffer): Parsed | null {
  if (accounts.length < 6) return null
  const kind = data.length === 0 || data[0] === 0 ? 'create' : data[0] === 1 ? 'createIdempotent' : null
  if (!kind) return null
  return {
    type: kind,
    info: { source: accounts[0], account: accounts[1], wallet: accounts[2], mint: accounts[3], systemProgram: accounts[4], tokenProgram: accounts[5] },
  }
}

/**
 * jsonParsed form of one instruction for the programs a wallet's activity view meets (system, SPL Token and
 * Token-2022, associated token accounts, memo); anything else stays partially decoded, as the validator does for
 * programs it has no parser for.
 */
export function parseInstruction(
  programId: string,
  accounts: string[],
  data: Uint8Array,
  stackHeight: number | null,
): ParsedInstruction | PartiallyDecodedInstruction {
  const bytes = Buffer.from(data)
  let program: string | null = null
  let parsed: Parsed | null = null
  if (programId === SYSTEM_PROGRAM) [program, parsed] = ['system', parseSystem(accounts, bytes)]
  else if (programId === TOKEN_PROGRAM) [program, parsed] = ['spl-token', parseToken(accounts, bytes)]
  else if (programId === TOKEN_2022_PROGRAM) [program, parsed] = ['spl-token-2022', parseToken(accounts, bytes)]
  else if (programId === ASSOCIATED_TOKEN_PROGRAM) [program, parsed] = ['spl-associated-token-account', parseAssociatedToken(accounts, bytes)]
  else if (MEMO_PROGRAMS.has(programId)) [program, parsed] = ['spl-memo', bytes.toString('utf8')]
  if (program && parsed !== null) return { program, programId, parsed, stackHeight }
  return { programId, accounts, data: base58.encode(data), stackHeight }
}

function isWritable(message: VersionedMessage, record: { loadedAddresses: { writable: string[] } }, index: number): boolean {
  const staticCount = message.staticAccountKeys.length
  return index < staticCount ? message.isAccountWritable(index) : index < staticCount + record.loadedAddresses.writable.length
}

/** Keys the transaction may write: the accounts an accountSubscribe hears about. */
export function writableKeys(record: TransactionRecord): string[] {
  return record.accountKeys.filter((_, i) => isWritable(record.message, record, i))
}

export function encodeInnerInstructions(
  inner: InnerInstructions[],
  keys: string[],
  parsed: boolean,
): unknown[] {
  return inner.map(({ index, instructions }) => ({
    index,
    instructions: instructions.map((ix) =>
      parsed
        ? parseInstruction(keys[ix.programIdIndex] ?? '', ix.accounts.map((a) => keys[a] ?? ''), ix.data, ix.stackHeight)
        : { accounts: ix.accounts, data: base58.encode(ix.data), programIdIndex: ix.programIdIndex, stackHeight: ix.stackHeight },
    ),
  }))
}

export function encodeReturnData(returnData: ReturnData | null): unknown {
  return returnData ? { programId: returnData.programId, data: [base64.encode(returnData.data), 'base64'] } : null
}

function encodeMessage(record: TransactionRecord, parsed: boolean): Record<string, unknown> {
  const { message } = record
  const keys = record.accountKeys
  const out: Record<string, unknown> = parsed
    ? {
        accountKeys: keys.map((pubkey, i) => ({
          pubkey,
          signer: i < message.header.numRequiredSignatures,
          source: i < message.staticAccountKeys.length ? 'transaction' : 'lookupTable',
          writable: isWritable(message, record, i),
        })),
        instructions: message.compiledInstructions.map((ix) =>
          parseInstruction(keys[ix.programIdIndex] ?? '', ix.accountKeyIndexes.map((a) => keys[a] ?? ''), ix.data, null),
        ),
        recentBlockhash: message.recentBlockhash,
      }
    : {
        accountKeys: message.staticAccountKeys.map((k) => k.toBase58()),
        header: { ...message.header },
        instructions: message.compiledInstructions.map((ix) => ({
          accounts: [...ix.accountKeyIndexes],
          data: base58.encode(ix.data),
          programIdIndex: ix.programIdIndex,
          stackHeight: null,
        })),
        recentBlockhash: message.recentBlockhash,
      }
  if (message.version === 0) {
    out.addressTableLookups = message.addressTableLookups.map((l) => ({
      accountKey: l.accountKey.toBase58(),
      writableIndexes: [...l.writableIndexes],
      readonlyIndexes: [...l.readonlyIndexes],
    }))
  }
  return out
}

/** getTransaction's result for a landed transaction, in the requested encoding. */
export function encodeTransactionRecord(
  record: TransactionRecord,
  encoding: TransactionEncoding,
  maxSupportedTransactionVersion: number | undefined,
): Record<string, unknown> {
  const parsed = encoding === 'jsonParsed'
  let transaction: unknown
  if (encoding === 'base64') transaction = [base64.encode(record.wire), 'base64']
  else if (encoding === 'base58') transaction = [base58.encode(record.wire), 'base58']
  else {
    const signatures = VersionedTransaction.deserialize(record.wire).signatures.map((s) => base58.encode(s))
    transaction = { message: encodeMessage(record, parsed), signatures }
  }
  const meta: Record<string, unknown> = {
    computeUnitsConsumed: record.unitsConsumed,
    err: record.err,
    fee: record.fee,
    innerInstructions: encodeInnerInstructions(record.innerInstructions, record.accountKeys, parsed),
    logMessages: record.logs,
    postBalances: record.postBalances,
    postTokenBalances: record.postTokenBalances,
    preBalances: record.preBalances,
    preTokenBalances: record.preTokenBalances,
    rewards: [],
    status: record.err === null ? { Ok: null } : { Err: record.err },
  }
  if (!parsed) meta.loadedAddresses = record.loadedAddresses
  if (record.returnData) meta.returnData = encodeReturnData(record.returnData)
  const out: Record<string, unknown> = { blockTime: record.blockTime, meta, slot: record.slot, transaction }
  if (maxSupportedTransactionVersion !== undefined) out.version = record.message.version
  return out
}
