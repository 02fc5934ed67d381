import { WalletErrorCode } from './codes.ts'
import { ErrorText } from './texts.ts'

/** Options of {@link PorticoError}. */
export interface PorticoErrorOptions {
  code?: number
  cause?: unknown
}

/** An error raised by Portico; `message` is a catalogued text. @example throw new PorticoError(ErrorText.MODAL_CLOSED) */
export class PorticoError extends Error {
  /** A SPEC §8 code when one applies. */
  readonly code?: number

  constructor(message: string, options: PorticoErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'PorticoError'
    if (options.code !== undefined) this.code = options.code
  }
}

/** An EIP-1193 provider error: `{ message, code, data? }`. */
export class ProviderRpcError extends Error {
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }

  /** The EIP-1193 error object, as a provider sends it over a message channel. */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data }
  }
}

function codeOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? (value as { code?: unknown }).code : undefined
}

// Libraries wrap provider errors (viem puts the original under `cause`), so a few levels are searched.
const MAX_CAUSE_DEPTH = 5

/** True when err is the wallet's user rejection (code 4001), directly or as the cause of a wrapping error. */
export function isUserRejection(err: unknown): boolean {
  let current = err
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof current === 'object' && current !== null; depth++) {
    if (codeOf(current) === WalletErrorCode.USER_REJECTED) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** The text to show for a wallet error: its message when it has one, else "An error occurred". */
export function describeWalletError(err: unknown): string {
  if (typeof err === 'string' && err.trim() !== '') return err
  if (typeof err === 'object' && err !== null) {
    const message = (err as { message?: unknown }).message
    if (typeof message === 'string' && message.trim() !== '') return message
  }
  return ErrorText.AN_ERROR_OCCURRED
}
