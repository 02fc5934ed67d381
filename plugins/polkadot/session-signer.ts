import type { InjectedSigner, SignerResult } from './injected.ts'

/** How a connection's own connector is asked (Connector.request), e.g. a WalletConnect session's. */
export type SessionRequest = (method: string, params: object) => Promise<unknown>

const OPEN = new TextEncoder().encode('<Bytes>')
const CLOSE = new TextEncoder().encode('</Bytes>')

const fromHex = (hex: string): Uint8Array => Uint8Array.from(hex.replace(/^0x/, '').match(/../g) ?? [], (b) => parseInt(b, 16))
const toHex = (bytes: Uint8Array): `0x${string}` => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
const startsWith = (bytes: Uint8Array, part: Uint8Array, at = 0) => part.every((b, i) => bytes[at + i] === b)

/** The bytes wrapped in <Bytes>..</Bytes> once (as @polkadot/util's u8aWrapBytes and the extensions do). */
export function wrapBytes(bytes: Uint8Array): Uint8Array {
  const wrapped = bytes.length >= OPEN.length + CLOSE.length && startsWith(bytes, OPEN) && startsWith(bytes, CLOSE, bytes.length - CLOSE.length)
  if (wrapped) return bytes
  const out = new Uint8Array(OPEN.length + bytes.length + CLOSE.length)
  out.set(OPEN)
  out.set(bytes, OPEN.length)
  out.set(CLOSE, OPEN.length + bytes.length)
  return out
}

function signatureOf(result: unknown): `0x${string}` {
  const signature = (result as { signature?: unknown } | undefined)?.signature
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) throw new Error('The wallet returned no signature')
  return signature as `0x${string}`
}

/**
 * A polkadot connection made by a connector that is not one of this plugin's (a WalletConnect session), as the
 * @polkadot/api Signer the plugin's RPC uses: raw messages go out as `polkadot_signMessage` (the bytes wrapped in
 * <Bytes>..</Bytes> first, as WalletConnect's Polkadot SDK reference asks of dapps), transaction payloads as
 * `polkadot_signTransaction`.
 */
export function sessionSigner(request: SessionRequest): InjectedSigner {
  let id = 1
  return {
    async signRaw({ address, data }): Promise<SignerResult> {
      const wrapped = toHex(wrapBytes(fromHex(data)))
      return { id: id++, signature: signatureOf(await request('polkadot_signMessage', { address, data: wrapped, type: 'bytes' })) }
    },
    async signPayload(payload): Promise<SignerResult> {
      return { id: id++, signature: signatureOf(await request('polkadot_signTransaction', { address: payload.address, transactionPayload: payload })) }
    },
  }
}
