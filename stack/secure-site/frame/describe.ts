/**
 * What the approval panel shows for a signing request (issue 26 items 1 and 2): a heading and labelled rows, built
 * only from the parsed request (../requests.ts) that the server signs. Calls are decoded where they are known:
 * ERC-20 transfer / approve / transferFrom, ERC-721 / ERC-1155 approvals and transfers (token, amount, spender; an
 * unlimited approval gets a warning row whose text says so), native value, gas limit, fees, nonce; typed data with
 * its domain; Solana instructions (System transfer, SPL Token transfer / approve, other programs named by id). Raw
 * data is shown too, as the fallback and so nothing signed is hidden. Pure: no DOM; every value is plain text the
 * panel puts in `textContent`.
 */
import { decodeFunctionData, maxUint256, parseAbi, type Hex } from 'viem'
import { Buffer } from 'buffer'
import { SystemInstruction, SystemProgram, TransactionInstruction, type PublicKey, type VersionedTransaction } from '@solana/web3.js'
import { decodeInstruction, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, TokenInstruction } from '@solana/spl-token'
import { base58 } from '@scure/base'
import type { EvmCall, SigningRequest } from '../requests.ts'
import { describeDelegation, type REVOKE_UPGRADE_TITLE, type UPGRADE_ACCOUNT_TITLE } from './eip7702.ts'

export const SIGN_MESSAGE_TITLE = 'Sign message'
export const APPROVE_TRANSACTION_TITLE = 'Approve transaction'
/** A smart-account ERC-7715 permission grant (wallet_grantPermissions) and its revocation. */
export const GRANT_PERMISSIONS_TITLE = 'Grant permissions'
export const REVOKE_PERMISSIONS_TITLE = 'Revoke permissions'

export interface ApprovalRow {
  label: string
  value: string
  /** Show in a monospace, wrapping block (hex, JSON). */
  code?: boolean
  /** A danger the user must read (unlimited approval, chain mismatch): shown in red, and the text says it. */
  warning?: boolean
}

export interface ApprovalDescription {
  title:
    | typeof SIGN_MESSAGE_TITLE
    | typeof APPROVE_TRANSACTION_TITLE
    | typeof GRANT_PERMISSIONS_TITLE
    | typeof REVOKE_PERMISSIONS_TITLE
    | typeof UPGRADE_ACCOUNT_TITLE
    | typeof REVOKE_UPGRADE_TITLE
  rows: ApprovalRow[]
}

const HEX_RE = /^0x(?:[0-9a-fA-F]{2})*$/

/** Bytes → text when they are valid UTF-8 without control characters other than tab and newlines. */
function readableText(bytes: Uint8Array): string | undefined {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? undefined : text
}

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array((hex.length - 2) / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 + i * 2, 4 + i * 2), 16)
  return out
}

const toHexText = (bytes: Uint8Array) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`

/** personal_sign message: hex → UTF-8 text when readable, else the hex; plain strings as they are. */
export function decodeEvmMessage(message: unknown): ApprovalRow {
  if (typeof message !== 'string') return { label: 'Message', value: JSON.stringify(message) ?? '', code: true }
  if (HEX_RE.test(message)) {
    const text = readableText(hexToBytes(message))
    return text === undefined ? { label: 'Message (hex)', value: message, code: true } : { label: 'Message', value: text }
  }
  return { label: 'Message', value: message }
}

/** An integer amount of base units as a decimal string with `decimals` places, e.g. 0.5. */
export function formatUnits(value: bigint, decimals: number): string {
  const neg = value < 0n
  const abs = neg ? -value : value
  const unit = 10n ** BigInt(decimals)
  const frac = (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '')
  return `${neg ? '-' : ''}${abs / unit}${frac ? `.${frac}` : ''}`
}

/** A wei quantity (hex or decimal string, number or bigint) as a decimal ether string, e.g. 0.5. */
export function formatEther(value: unknown): string {
  try {
    return formatUnits(value === undefined || value === null || value === '' ? 0n : BigInt(value as string | number | bigint), 18)
  } catch {
    return String(value)
  }
}

const gwei = (wei: bigint) => `${formatUnits(wei, 9)} gwei`

function chainRow(chainId: unknown): ApprovalRow[] {
  return chainId === undefined ? [] : [{ label: 'Network', value: String(chainId) }]
}

const TOKEN_ABI = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
])

/** Amounts this large are an unlimited approval in practice (max uint256, or anything above 2^255). */
const UNLIMITED = 2n ** 255n
const UNLIMITED_WARNING = 'Unlimited approval: the spender can move all of this token from your account, now and later'
const OPERATOR_WARNING = 'Unlimited approval: the operator can move every token of this collection from your account'

/** The decoded rows of a call's data to token contract `token`, or undefined when the data is not a known token call. */
function tokenCallRows(token: string, data: Hex, prefix: string): ApprovalRow[] | undefined {
  let decoded: ReturnType<typeof decodeFunctionData<typeof TOKEN_ABI>>
  try {
    decoded = decodeFunctionData({ abi: TOKEN_ABI, data })
  } catch {
    return undefined
  }
  const row = (label: string, value: string, extra: Partial<ApprovalRow> = {}): ApprovalRow => ({ label: `${prefix}${label}`, value, ...extra })
  const a = decoded.args as readonly unknown[]
  const tokenRow = row('Token contract', token, { code: true })
  switch (decoded.functionName) {
    case 'transfer':
      return [row('Action', 'Token transfer (ERC-20)'), tokenRow, row('Recipient', String(a[0]), { code: true }), row('Amount (token units)', String(a[1]))]
    case 'approve':
    case 'increaseAllowance': {
      const amount = a[1] as bigint
      const rows = [
        row('Action', decoded.functionName === 'approve' ? 'Token approval (ERC-20 amount, or ERC-721 token id)' : 'Token allowance increase (ERC-20)'),
        tokenRow,
        row('Spender', String(a[0]), { code: true }),
        row('Amount (token units)', amount === maxUint256 ? `${amount} (unlimited)` : String(amount)),
      ]
      if (amount >= UNLIMITED) rows.push(row('Warning', UNLIMITED_WARNING, { warning: true }))
      return rows
    }
    case 'transferFrom':
      return [
        row('Action', 'Token transfer from another account (ERC-20 amount, or ERC-721 token id)'),
        tokenRow,
        row('From', String(a[0]), { code: true }),
        row('Recipient', String(a[1]), { code: true }),
        row('Amount (token units)', String(a[2])),
      ]
    case 'setApprovalForAll': {
      const rows = [
        row('Action', a[1] ? 'Approval for all tokens (ERC-721 / ERC-1155)' : 'Revoke approval for all tokens (ERC-721 / ERC-1155)'),
        tokenRow,
        row('Operator', String(a[0]), { code: true }),
        row('Approved', a[1] ? 'Yes' : 'No'),
      ]
      if (a[1]) rows.push(row('Warning', OPERATOR_WARNING, { warning: true }))
      return rows
    }
    case 'safeTransferFrom':
      return [
        row('Action', a.length === 5 ? 'Token transfer (ERC-1155)' : 'Token transfer (ERC-721)'),
        tokenRow,
        row('From', String(a[0]), { code: true }),
        row('Recipient', String(a[1]), { code: true }),
        row('Token id', String(a[2])),
        ...(a.length === 5 ? [row('Amount (token units)', String(a[3]))] : []),
      ]
    case 'safeBatchTransferFrom':
      return [
        row('Action', 'Batch token transfer (ERC-1155)'),
        tokenRow,
        row('From', String(a[0]), { code: true }),
        row('Recipient', String(a[1]), { code: true }),
        row('Token ids', (a[2] as bigint[]).join(', ')),
        row('Amounts (token units)', (a[3] as bigint[]).join(', ')),
      ]
  }
}

function callRows(call: EvmCall, prefix: string): ApprovalRow[] {
  const decoded = call.to && call.data ? tokenCallRows(call.to, call.data, prefix) : undefined
  return [
    ...(decoded ?? []),
    { label: `${prefix}To`, value: call.to ?? 'New contract', code: call.to !== undefined },
    { label: `${prefix}Value`, value: `${formatEther(call.value)} ETH` },
    { label: `${prefix}Data`, value: call.data ?? 'None', code: call.data !== undefined },
  ]
}

/** Unix seconds as an ISO date (UTC), or the raw value. */
function expiryText(v: unknown): string {
  return typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e11 ? new Date(v * 1000).toISOString() : String(v)
}

const json = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x), 2) ?? String(v)

const SYSTEM_PROGRAM = SystemProgram.programId.toBase58()
const TOKEN_PROGRAMS = new Set([TOKEN_PROGRAM_ID.toBase58(), TOKEN_2022_PROGRAM_ID.toBase58()])
const KNOWN_PROGRAMS: Record<string, string> = {
  [SYSTEM_PROGRAM]: 'System Program',
  [TOKEN_PROGRAM_ID.toBase58()]: 'SPL Token',
  [TOKEN_2022_PROGRAM_ID.toBase58()]: 'SPL Token-2022',
  ComputeBudget111111111111111111111111111111: 'Compute Budget',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'Associated Token Account',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo',
}
const U64_MAX = 2n ** 64n - 1n

/** The accounts of a compiled instruction; accounts from address lookup tables are named by table and index. */
function instructionOf(tx: VersionedTransaction, ix: { programIdIndex: number; accountKeyIndexes: number[]; data: Uint8Array }): {
  program: string
  instruction?: TransactionInstruction
} {
  const keys = tx.message.staticAccountKeys
  const program = keys[ix.programIdIndex]?.toBase58() ?? `lookup table account #${ix.programIdIndex - keys.length}`
  const resolved = ix.accountKeyIndexes.map((i) => keys[i])
  if (resolved.some((k) => k === undefined) || !keys[ix.programIdIndex]) return { program }
  return {
    program,
    instruction: new TransactionInstruction({
      programId: keys[ix.programIdIndex]!,
      keys: resolved.map((pubkey, i) => ({ pubkey: pubkey as PublicKey, isSigner: tx.message.isAccountSigner(ix.accountKeyIndexes[i]!), isWritable: tx.message.isAccountWritable(ix.accountKeyIndexes[i]!) })),
      data: Buffer.from(ix.data),
    }),
  }
}

function solanaInstructionRows(tx: VersionedTransaction): ApprovalRow[] {
  const rows: ApprovalRow[] = [{ label: 'Fee payer', value: tx.message.staticAccountKeys[0]?.toBase58() ?? 'None', code: true }]
  tx.message.compiledInstructions.forEach((ix, n) => {
    const prefix = `Instruction ${n + 1} `
    const { program, instruction } = instructionOf(tx, ix)
    const name = KNOWN_PROGRAMS[program]
    rows.push({ label: `${prefix}program`, value: name ? `${name} (${program})` : `Unknown program ${program}`, code: true })
    let decoded: ApprovalRow[] | undefined
    try {
      if (instruction && program === SYSTEM_PROGRAM && SystemInstruction.decodeInstructionType(instruction) === 'Transfer') {
        const t = SystemInstruction.decodeTransfer(instruction)
        decoded = [
          { label: `${prefix}action`, value: 'SOL transfer' },
          { label: `${prefix}from`, value: t.fromPubkey.toBase58(), code: true },
          { label: `${prefix}to`, value: t.toPubkey.toBase58(), code: true },
          { label: `${prefix}amount`, value: `${formatUnits(t.lamports, 9)} SOL` },
        ]
      } else if (instruction && TOKEN_PROGRAMS.has(program)) {
        const d = decodeInstruction(instruction, instruction.programId)
        const amountOf = (x: { amount: bigint | number }) => BigInt(x.amount)
        if (d.data.instruction === TokenInstruction.Transfer || d.data.instruction === TokenInstruction.TransferChecked) {
          const k = d.keys as { source: { pubkey: PublicKey }; destination: { pubkey: PublicKey }; owner: { pubkey: PublicKey }; mint?: { pubkey: PublicKey } }
          decoded = [
            { label: `${prefix}action`, value: 'Token transfer (SPL)' },
            ...(k.mint ? [{ label: `${prefix}mint`, value: k.mint.pubkey.toBase58(), code: true }] : []),
            { label: `${prefix}from token account`, value: k.source.pubkey.toBase58(), code: true },
            { label: `${prefix}to token account`, value: k.destination.pubkey.toBase58(), code: true },
            { label: `${prefix}amount (token units)`, value: String(amountOf(d.data as { amount: bigint })) },
          ]
        } else if (d.data.instruction === TokenInstruction.Approve || d.data.instruction === TokenInstruction.ApproveChecked) {
          const k = d.keys as { account: { pubkey: PublicKey }; delegate: { pubkey: PublicKey }; mint?: { pubkey: PublicKey } }
          const amount = amountOf(d.data as { amount: bigint })
          decoded = [
            { label: `${prefix}action`, value: 'Token approval (SPL)' },
            ...(k.mint ? [{ label: `${prefix}mint`, value: k.mint.pubkey.toBase58(), code: true }] : []),
            { label: `${prefix}token account`, value: k.account.pubkey.toBase58(), code: true },
            { label: `${prefix}spender`, value: k.delegate.pubkey.toBase58(), code: true },
            { label: `${prefix}amount (token units)`, value: amount === U64_MAX ? `${amount} (unlimited)` : String(amount) },
            ...(amount === U64_MAX ? [{ label: `${prefix}warning`, value: UNLIMITED_WARNING, warning: true }] : []),
          ]
        }
      }
    } catch {
      decoded = undefined // a malformed instruction of a known program: the raw rows below show it
    }
    if (decoded) rows.push(...decoded)
    else {
      rows.push({ label: `${prefix}accounts`, value: instruction ? instruction.keys.map((k) => k.pubkey.toBase58()).join('\n') || 'None' : `${ix.accountKeyIndexes.length} (some from address lookup tables)`, code: true })
      rows.push({ label: `${prefix}data`, value: ix.data.length ? toHexText(ix.data) : 'None', code: ix.data.length > 0 })
    }
  })
  for (const lookup of tx.message.addressTableLookups)
    rows.push({ label: 'Address lookup table', value: `${lookup.accountKey.toBase58()} (writable ${lookup.writableIndexes.join(', ') || 'none'}; read-only ${lookup.readonlyIndexes.join(', ') || 'none'})`, code: true })
  return rows
}

/** What the site's sponsorship check answered for a request (server `SponsorshipResponse`). */
export type Sponsorship = { status: 'none' } | { status: 'sponsored'; name?: string } | { status: 'refused'; message: string }

/** Longest app or sponsor name shown; a longer one is cut with an ellipsis (it is host-chosen text). */
const MAX_SPONSOR_NAME = 60

/**
 * Sponsored gas (issue 29): "Gas paid by <app>" where the paymaster accepted the operation (the app: the host's
 * metadata name, else the sponsor's ERC-7677 name, else the requesting origin); where it refused, a warning that the
 * user pays, with the sponsor's reason. Nothing when no paymaster applies.
 */
export function sponsorRows(sponsorship: Sponsorship, app: { name?: string; origin: string }): ApprovalRow[] {
  if (sponsorship.status === 'sponsored') {
    const name = (app.name?.trim() || sponsorship.name?.trim() || app.origin).replace(/\s+/g, ' ')
    return [{ label: 'Gas', value: `Gas paid by ${name.length > MAX_SPONSOR_NAME ? `${name.slice(0, MAX_SPONSOR_NAME - 1)}…` : name}` }]
  }
  if (sponsorship.status === 'refused')
    return [{ label: 'Gas', value: `You pay the gas: the sponsor declined this transaction (${sponsorship.message})`, warning: true }]
  return []
}

/** The panel's heading and rows for a parsed request on `chainId`. */
export function describeRequest(req: SigningRequest, chainId?: number | string): ApprovalDescription {
  switch (req.method) {
    case 'portico_setDelegation':
      return describeDelegation(req)
    case 'wallet_sendCalls':
      return {
        title: APPROVE_TRANSACTION_TITLE,
        rows: [
          { label: 'Batch', value: `${req.calls.length} ${req.calls.length === 1 ? 'call' : 'calls'} in one operation` },
          ...(req.from ? [{ label: 'From', value: req.from, code: true }] : []),
          ...req.calls.flatMap((c, i) => callRows(c, `Call ${i + 1} `)),
          ...(req.atomicRequired === undefined ? [] : [{ label: 'Atomic required', value: req.atomicRequired ? 'Yes' : 'No' }]),
          ...(req.id === undefined ? [] : [{ label: 'Batch id', value: req.id, code: true }]),
          ...(req.version === undefined ? [] : [{ label: 'Version', value: req.version }]),
          ...(Object.keys(req.capabilities).length ? [{ label: 'Capabilities', value: json(req.capabilities), code: true }] : []),
          ...(req.chainId === undefined ? [] : [{ label: 'Requested network', value: String(Number(BigInt(req.chainId))) }]),
          ...chainRow(chainId),
        ],
      }
    case 'wallet_grantPermissions': {
      const g = req.grant
      return {
        title: GRANT_PERMISSIONS_TITLE,
        rows: [
          { label: 'Expires', value: expiryText(g.expiry) },
          { label: 'Signer', value: g.signer.type },
          ...(g.signer.data === undefined ? [] : [{ label: 'Signer data', value: json(g.signer.data), code: true }]),
          ...g.permissions.map((p, i) => ({ label: `Permission ${i + 1}`, value: json({ type: p.type, data: p.data, policies: p.policies }), code: true })),
          ...(g.address ? [{ label: 'Account', value: g.address, code: true }] : []),
          ...(g.chainId === undefined ? [] : [{ label: 'Requested network', value: String(Number(BigInt(g.chainId))) }]),
          ...chainRow(chainId),
        ],
      }
    }
    case 'wallet_revokePermissions':
      return { title: REVOKE_PERMISSIONS_TITLE, rows: [{ label: 'Permission', value: req.permissionContext, code: true }, ...chainRow(chainId)] }
    case 'personal_sign':
      return {
        title: SIGN_MESSAGE_TITLE,
        rows: [decodeEvmMessage(req.message), ...(req.address ? [{ label: 'Account', value: req.address, code: true }] : []), ...chainRow(chainId)],
      }
    case 'eth_signTypedData_v4': {
      const t = req.typedData
      const d = t.domain
      const rows: ApprovalRow[] = []
      if (d.name !== undefined) rows.push({ label: 'Domain', value: String(d.name) })
      if (d.version !== undefined) rows.push({ label: 'Domain version', value: String(d.version) })
      if (d.chainId !== undefined) {
        rows.push({ label: 'Domain chain id', value: String(d.chainId) })
        if (chainId !== undefined && String(Number(d.chainId)) !== String(chainId).replace(/^eip155:/, ''))
          rows.push({ label: 'Warning', value: `The signature is for chain ${String(d.chainId)}, not the current network ${String(chainId)}`, warning: true })
      }
      if (d.verifyingContract !== undefined) rows.push({ label: 'Verifying contract', value: String(d.verifyingContract), code: true })
      if (d.salt !== undefined) rows.push({ label: 'Domain salt', value: String(d.salt), code: true })
      rows.push({ label: 'Type', value: t.primaryType })
      rows.push({ label: 'Message', value: json(t.message), code: true })
      rows.push({ label: 'Types', value: json(t.types), code: true })
      if (req.address) rows.push({ label: 'Account', value: req.address, code: true })
      return { title: SIGN_MESSAGE_TITLE, rows: [...rows, ...chainRow(chainId)] }
    }
    case 'eth_sendTransaction': {
      const tx = req.transaction
      const rows: ApprovalRow[] = [
        ...(tx.from ? [{ label: 'From', value: tx.from, code: true }] : []),
        ...callRows(tx, ''),
        { label: 'Gas limit', value: tx.gas === undefined ? 'Estimated by the wallet' : tx.gas.toString() },
      ]
      if (tx.gasPrice !== undefined) rows.push({ label: 'Gas price', value: gwei(tx.gasPrice) })
      if (tx.maxFeePerGas !== undefined) rows.push({ label: 'Max fee per gas', value: gwei(tx.maxFeePerGas) })
      if (tx.maxPriorityFeePerGas !== undefined) rows.push({ label: 'Max priority fee per gas', value: gwei(tx.maxPriorityFeePerGas) })
      if (tx.gasPrice === undefined && tx.maxFeePerGas === undefined && tx.maxPriorityFeePerGas === undefined)
        rows.push({ label: 'Fees', value: 'Estimated by the wallet' })
      rows.push({ label: 'Nonce', value: tx.nonce === undefined ? 'Next for this account' : String(tx.nonce) })
      if (tx.chainId !== undefined) rows.push({ label: 'Requested network', value: String(tx.chainId) })
      return { title: APPROVE_TRANSACTION_TITLE, rows: [...rows, ...chainRow(chainId)] }
    }
    case 'solana_signMessage': {
      const text = readableText(req.message)
      const row: ApprovalRow = text === undefined ? { label: 'Message (base58)', value: base58.encode(req.message), code: true } : { label: 'Message', value: text }
      return { title: SIGN_MESSAGE_TITLE, rows: [row, ...(req.pubkey ? [{ label: 'Account', value: req.pubkey, code: true }] : []), ...chainRow(chainId)] }
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const rows = solanaInstructionRows(req.transaction)
      if (req.pubkey) rows.push({ label: 'Account', value: req.pubkey, code: true })
      rows.push({ label: 'Action', value: req.method === 'solana_signAndSendTransaction' ? 'Sign and send' : 'Sign only (the site does not send it)' })
      return { title: APPROVE_TRANSACTION_TITLE, rows: [...rows, ...chainRow(chainId)] }
    }
  }
}
