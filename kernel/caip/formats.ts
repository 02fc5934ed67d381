const TX_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/
const ACCOUNT_NAME = /^[a-zA-Z0-9-]{4,}$/

/** SPEC §5 transaction hash: 0x + 64 hex. */
export function isTransactionHash(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && TX_HASH.test(value)
}

/** SPEC §5 signed message: 0x + at least 62 hex. */
export function isSignedMessage(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value)
}

/** SPEC §5 account name: letters, digits and hyphen only, at least 4 characters. */
export function isValidAccountName(value: unknown): value is string {
  return typeof value === 'string' && ACCOUNT_NAME.test(value)
}

/** SPEC §5 batched-call target or data: starts with 0x. */
export function isBatchCallHex(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && value.startsWith('0x')
}
