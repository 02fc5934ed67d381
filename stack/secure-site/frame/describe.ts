/**
 * What the approval panel shows for a signing request: a heading ("Sign message" or "Approve transaction") and
 * labelled rows (decoded message text; the to, value and data of a transaction). Pure: no DOM, every value is plain
 * text the panel puts in `textContent`.
 */
import { base58, base64 } from '@scure/base'

export const SIGN_MESSAGE_TITLE = 'Sign message'
export const APPROVE_TRANSACTION_TITLE = 'Approve transaction'

export interface ApprovalRow {
  label: string
  value: string
  /** Show in a monospace, wrapping block (hex, JSON). */
  code?: boolean
}

export interface ApprovalDescription {
  title: typeof SIGN_MESSAGE_TITLE | typeof APPROVE_TRANSACTION_TITLE
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

export function describeApproval(method: string, params: unknown, chainId?: number | string): ApprovalDescription {
  switch (method) {
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
