/** The EIP-1193 provider surface the plugin uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>
  on?(event: string, listener: (...args: never[]) => void): unknown
  removeListener?(event: string, listener: (...args: never[]) => void): unknown
}

/** Reads an EIP-1193 error code, including ones wrapped by a wallet in data.originalError. */
export function errorCode(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined
  const { code, data } = error as { code?: unknown; data?: { originalError?: { code?: unknown } } }
  if (typeof data?.originalError?.code === 'number') return data.originalError.code
  return typeof code === 'number' ? code : undefined
}
