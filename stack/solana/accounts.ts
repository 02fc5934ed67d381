import { base58, base64 } from '@scure/base'
import { invalidParams, RpcError } from './errors.ts'

export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
export const MEMO_PROGRAMS: ReadonlySet<string> = new Set(['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'])
export const TOKEN_PROGRAMS: ReadonlySet<string> = new Set([TOKEN_PROGRAM, TOKEN_2022_PROGRAM])

/** One account as the ledger holds it. */
export type AccountState = { lamports: bigint; data: Uint8Array; owner: string; executable: boolean }

/**
 * Rent-exempt accounts report rent epoch u64::MAX. JSON.parse of the validator's "18446744073709551615" gives this
 * same double, so emitting the double is byte-for-byte what a client sees after parsing.
 */
export const RENT_EPOCH_EXEMPT = Number(2n ** 64n - 1n)

export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'jsonParsed'
export type DataSlice = { offset: number; length: number }

const ENCODINGS = ['binary', 'base58', 'base64', 'jsonParsed']

export function parseAccountEncoding(value: unknown, fallback: AccountEncoding): AccountEncoding {
  if (value === undefined || value === null) return fallback
  if (value === 'base64+zstd') throw invalidParams('Invalid params: base64+zstd is not served by this local cluster; use base64')
  if (typeof value !== 'string' || !ENCODINGS.includes(value)) {
    throw invalidParams(`Invalid params: unknown variant \`${String(value)}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\``)
  }
  return value as AccountEncoding
}

export function parseDataSlice(value: unknown): DataSlice | undefined {
  if (value === undefined || value === null) return undefined
  const v = value as { offset?: unknown; length?: unknown }
  if (typeof v !== 'object' || !Number.isInteger(v.offset) || !Number.isInteger(v.length) || (v.offset as number) < 0 || (v.length as number) < 0) {
    throw invalidParams('Invalid params: dataSlice wants { offset, length } as non-negative integers')
  }
  return { offset: v.offset as number, length: v.length as number }
}

const view = (data: Uint8Array): DataView => new DataView(data.buffer, data.byteOffset, data.byteLength)
const u64 = (data: Uint8Array, offset: number): bigint => view(data).getBigUint64(offset, true)
const u32 = (data: Uint8Array, offset: number): number => view(data).getUint32(offset, true)
const pubkey = (data: Uint8Array, offset: number): string => base58.encode(data.subarray(offset, offset + 32))
const optionalPubkey = (data: Uint8Array, offset: number): string | null => (u32(data, offset) === 1 ? pubkey(data, offset + 4) : null)

export type TokenAccountInfo = {
  mint: string
  owner: string
  amount: bigint
  delegate: string | null
  state: 'initialized' | 'frozen'
  isNative: bigint | null
  delegatedAmount: bigint
  closeAuthority: string | null
}

export type MintInfo = {
  mintAuthority: string | null
  supply: bigint
  decimals: number
  isInitialized: boolean
  freezeAuthority: string | null
}

// SPL Token layouts: an account is 165 bytes, a mint 82. Token-2022 pads both to 165 and puts an account-type byte
// (1 mint, 2 account) at offset 165 when extensions follow.
const ACCOUNT_LEN = 165
const MINT_LEN = 82

export function decodeTokenAccount(account: AccountState): TokenAccountInfo | null {
  const { data } = account
  if (!TOKEN_PROGRAMS.has(account.owner)) return null
  if (!(data.length === ACCOUNT_LEN || (data.length > ACCOUNT_LEN && data[ACCOUNT_LEN] === 2))) return null
  const state = data[108]
  if (state !== 1 && state !== 2) return null
  return {
    mint: pubkey(data, 0),
    owner: pubkey(data, 32),
    amount: u64(data, 64),
    delegate: optionalPubkey(data, 72),
    state: state === 1 ? 'initialized' : 'frozen',
    isNative: u32(data, 109) === 1 ? u64(data, 113) : null,
    delegatedAmount: u64(data, 121),
    closeAuthority: optionalPubkey(data, 129),
  }
}

export function decodeMint(account: AccountState): MintInfo | null {
  const { data } = account
  if (!TOKEN_PROGRAMS.has(account.owner)) return null
  if (!(data.length === MINT_LEN || (data.length > ACCOUNT_LEN && data[ACCOUNT_LEN] === 1))) return null
  return {
    mintAuthority: optionalPubkey(data, 0),
    supply: u64(data, 36),
    decimals: data[44]!,
    isInitialized: data[45] === 1,
    freezeAuthority: optionalPubkey(data, 46),
  }
}

export type UiTokenAmount = { amount: string; decimals: number; uiAmount: number; uiAmountString: string }

/** "250500000000", 9 -> "250.5": the validator's trimmed decimal string. */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

export type UiAccount = {
  data: unknown
  executable: boolean
  lamports: bigint
  owner: string
  rentEpoch: number
  space: number
}

/** What `jsonParsed` gives for a token account or a mint; null when the validator would fall back to base64. */
function parsedAccountData(account: AccountState, findMint: (mint: string) => MintInfo | null): unknown {
  const program = account.owner === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token'
  const tokenAccount = decodeTokenAccount(account)
  if (tokenAccount) {
    const mint = findMint(tokenAccount.mint)
    if (!mint) return null
    const info: Record<string, unknown> = {
      isNative: tokenAccount.isNative !== null,
      mint: tokenAccount.mint,
      owner: tokenAccount.owner,
      state: tokenAccount.state,
      tokenAmount: uiTokenAmount(tokenAccount.amount, mint.decimals),
    }
    if (tokenAccount.delegate) {
      info.delegate = tokenAccount.delegate
      info.delegatedAmount = uiTokenAmount(tokenAccount.delegatedAmount, mint.decimals)
    }
    if (tokenAccount.isNative !== null) info.rentExemptReserve = uiTokenAmount(tokenAccount.isNative, mint.decimals)
    if (tokenAccount.closeAuthority) info.closeAuthority = tokenAccount.closeAuthority
    return { program, parsed: { info, type: 'account' }, space: account.data.length }
  }
  const mint = decodeMint(account)
  if (mint) {
    return {
      program,
      parsed: {
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString(),
        },
        type: 'mint',
      },
      space: account.data.length,
    }
  }
  return null
}

export function encodeAccount(
  account: AccountState,
  encoding: AccountEncoding,
  findMint: (mint: string) => MintInfo | null,
  dataSlice?: DataSlice,
): UiAccount {
  const sliced = dataSlice ? account.data.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length) : account.data
  let data: unknown
  if (encoding === 'jsonParsed') data = parsedAccountData(account, findMint) ?? [base64.encode(sliced), 'base64']
  else if (encoding === 'base64') data = [base64.encode(sliced), 'base64']
  else {
    if (sliced.length > 128) {
      throw new RpcError(-32600, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.')
    }
    data = encoding === 'binary' ? base58.encode(sliced) : [base58.encode(sliced), 'base58']
  }
  return {
    data,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: RENT_EPOCH_EXEMPT,
    space: account.data.length,
  }
}
