import { ProviderRpcError } from '../kernel/errors/errors.ts'

export { ProviderRpcError }

/** EIP-1193 / EIP-1474 error codes the dev wallet answers with. */
export const WALLET_ERRORS = {
  userRejected: { code: 4001, message: 'User rejected the request.' },
  unauthorized: { code: 4100, message: 'The requested method and/or account has not been authorized by the user.' },
  unsupportedMethod: { code: 4200, message: 'The Provider does not support the requested method.' },
  disconnected: { code: 4900, message: 'The Provider is disconnected from all chains.' },
  invalidParams: { code: -32602, message: 'Invalid method parameters.' },
  internal: { code: -32603, message: 'Internal JSON-RPC error.' },
} as const

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
