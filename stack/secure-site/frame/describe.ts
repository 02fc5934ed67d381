/**
 * What the approval panel shows for a signing request: a heading ("Sign message" or "Approve transaction") and
 * labelled rows (decoded message text; the to, value and data of a transaction). Pure: no DOM, every value is plain
 * text the panel puts in `textContent`.
 */
import { base58, base64 } from '@scure/base'

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
}

export interface ApprovalDescription {
  title: typeof SIGN_MESSAGE_TITLE | typeof APPROVE_TRANSACTION_TITLE | typeof GRANT_PERMISSIONS_TITLE | typeof REVOKE_PERMISSIONS_TITLE
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

/** personal_sign message: hex → UTF-8 text when readable, else the hex; plain strings as they are. */
export function decodeEvmMessage(message: unknown): ApprovalRow {
  if (typeof message !== 'string') return { label: 'Message', value: JSON.stringify(message) ?? '', code: true }
  if (HEX_RE.test(message)) {
    const text = readableText(hexToBytes(message))
    return text === undefined ? { label: 'Message (hex)', value: message, code: true } : { label: 'Message', value: text }
  }
  return { label: 'Message', value: message }
}

/** A wei quantity (hex or decimal string, number or bigint) as a decimal ether string, e.g. 0.5. */
export function formatEther(value: unknown): string {
  let wei: bigint
  try {
    wei = value === undefined || value === null || value === '' ? 0n : BigInt(value as string | number | bigint)
  } catch {
    return String(value)
  }
  const neg = wei < 0n
  if (neg) wei = -wei
  const whole = wei / 10n ** 18n
  const frac = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`
}

function chainRow(chainId: unknown): ApprovalRow[] {
  return chainId === undefined ? [] : [{ label: 'Network', value: String(chainId) }]
}

function firstParam(params: unknown): unknown {
  return Array.isArray(params) ? params[0] : params
}

function asRecord(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
}

function callRows(call: unknown, prefix: string): ApprovalRow[] {
  const c = asRecord(call)
  const data = typeof c.data === 'string' && c.data !== '0x' ? c.data : ''
  return [
    { label: `${prefix}to`, value: typeof c.to === 'string' ? c.to : String(c.to), code: true },
    { label: `${prefix}value`, value: `${formatEther(c.value)} ETH` },
    { label: `${prefix}data`, value: data || 'None', code: data !== '' },
  ]
}

/** Unix seconds as an ISO date (UTC), or the raw value. */
function expiryText(v: unknown): string {
  return typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e11 ? new Date(v * 1000).toISOString() : String(v)
}

export function describeApproval(method: string, params: unknown, chainId?: number | string): ApprovalDescription {
  switch (method) {
    case 'wallet_sendCalls': {
      const req = asRecord(firstParam(params))
      const calls = Array.isArray(req.calls) ? req.calls : []
      return {
        title: APPROVE_TRANSACTION_TITLE,
        rows: [
          { label: 'Batch', value: `${calls.length} ${calls.length === 1 ? 'call' : 'calls'} in one operation` },
          ...calls.flatMap((c, i) => callRows(c, `Call ${i + 1} `)),
          ...chainRow(chainId),
        ],
      }
    }
    case 'wallet_grantPermissions': {
      const req = asRecord(firstParam(params))
      const signer = asRecord(req.signer)
      const permissions = Array.isArray(req.permissions) ? req.permissions : []
      return {
        title: GRANT_PERMISSIONS_TITLE,
        rows: [
          { label: 'Expires', value: expiryText(req.expiry) },
          { label: 'Signer', value: typeof signer.type === 'string' ? signer.type : 'Unknown' },
          ...(signer.data === undefined ? [] : [{ label: 'Signer data', value: JSON.stringify(signer.data, null, 2) ?? '', code: true }]),
          ...permissions.map((p, i) => {
            const perm = asRecord(p)
            return {
              label: `Permission ${i + 1}: ${typeof perm.type === 'string' ? perm.type : 'unknown'}`,
              value: JSON.stringify({ data: perm.data, policies: perm.policies }, null, 2) ?? '',
              code: true,
            }
          }),
          ...chainRow(chainId),
        ],
      }
    }
    case 'wallet_revokePermissions': {
      const req = asRecord(firstParam(params))
      const ctx = req.permissionContext ?? req.context
      return { title: REVOKE_PERMISSIONS_TITLE, rows: [{ label: 'Permission', value: String(ctx), code: true }, ...chainRow(chainId)] }
    }
    case 'personal_sign':
      return { title: SIGN_MESSAGE_TITLE, rows: [decodeEvmMessage(firstParam(params)), ...chainRow(chainId)] }
    case 'eth_signTypedData_v4': {
      const raw = Array.isArray(params) ? params[1] : undefined
      let typed: unknown = raw
      if (typeof raw === 'string') {
        try {
          typed = JSON.parse(raw)
        } catch {
          typed = raw
        }
      }
      const t = asRecord(typed)
      const domain = asRecord(t.domain)
      const rows: ApprovalRow[] = []
      if (typeof domain.name === 'string') rows.push({ label: 'Domain', value: domain.name })
      if (typeof t.primaryType === 'string') rows.push({ label: 'Type', value: t.primaryType })
      rows.push({ label: 'Message', value: JSON.stringify(t.message ?? typed, null, 2) ?? '', code: true })
      return { title: SIGN_MESSAGE_TITLE, rows: [...rows, ...chainRow(chainId)] }
    }
    case 'eth_sendTransaction': {
      const tx = asRecord(firstParam(params))
      const data = typeof tx.data === 'string' && tx.data !== '0x' ? tx.data : typeof tx.input === 'string' && tx.input !== '0x' ? tx.input : ''
      return {
        title: APPROVE_TRANSACTION_TITLE,
        rows: [
          ...(typeof tx.from === 'string' ? [{ label: 'From', value: tx.from, code: true }] : []),
          { label: 'To', value: typeof tx.to === 'string' ? tx.to : 'New contract', code: typeof tx.to === 'string' },
          { label: 'Value', value: `${formatEther(tx.value)} ETH` },
          { label: 'Data', value: data || 'None', code: data !== '' },
          ...chainRow(chainId),
        ],
      }
    }
    case 'solana_signMessage': {
      const message = asRecord(params).message
      let row: ApprovalRow = { label: 'Message', value: String(message), code: true }
      if (typeof message === 'string') {
        try {
          const text = readableText(base58.decode(message))
          row = text === undefined ? { label: 'Message (base58)', value: message, code: true } : { label: 'Message', value: text }
        } catch {
          row = { label: 'Message', value: message, code: true }
        }
      }
      return { title: SIGN_MESSAGE_TITLE, rows: [row, ...chainRow(chainId)] }
    }
    default: {
      // solana_signTransaction, solana_signAndSendTransaction, solana_signAllTransactions
      const p = asRecord(params)
      const txs = Array.isArray(p.transactions) ? p.transactions : [p.transaction]
      const rows: ApprovalRow[] = txs.map((tx, i) => {
        const label = txs.length > 1 ? `Transaction ${i + 1}` : 'Transaction'
        if (typeof tx !== 'string') return { label, value: String(tx) }
        let size = ''
        try {
          size = ` (${base64.decode(tx).length} bytes)`
        } catch {
          size = ''
        }
        return { label: `${label}${size}`, value: tx, code: true }
      })
      if (method === 'solana_signAndSendTransaction') rows.push({ label: 'Action', value: 'Sign and send' })
      return { title: APPROVE_TRANSACTION_TITLE, rows: [...rows, ...chainRow(chainId)] }
    }
  }
}
