/** EIP-1193 / EIP-1474 error codes the dev wallet answers with. */
export const WALLET_ERRORS = {
  userRejected: { code: 4001, message: 'User rejected the request.' },
  unauthorized: { code: 4100, message: 'The requested method and/or account has not been authorized by the user.' },
  unsupportedMethod: { code: 4200, message: 'The Provider does not support the requested method.' },
  disconnected: { code: 4900, message: 'The Provider is disconnected from all chains.' },
  invalidParams: { code: -32602, message: 'Invalid method parameters.' },
  internal: { code: -32603, message: 'Internal JSON-RPC error.' },
} as const

/** An EIP-1193 ProviderRpcError: an Error with a numeric `code` (and optional `data`). */
export class ProviderRpcError extends Error {
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }

  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data }
  }
}

export function walletError(kind: keyof typeof WALLET_ERRORS, detail?: string): ProviderRpcError {
  const e = WALLET_ERRORS[kind]
  return new ProviderRpcError(e.code, detail ? `${e.message} ${detail}` : e.message)
}

export function unrecognizedChainError(chainIdHex: string): ProviderRpcError {
  return new ProviderRpcError(
    4902,
    `Unrecognized chain ID "${chainIdHex}". Try adding the chain using wallet_addEthereumChain first.`,
  )
}
