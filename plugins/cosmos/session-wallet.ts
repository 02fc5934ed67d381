import { base64 } from '@scure/base'
import type { KeplrKey, KeplrOfflineSigner, KeplrWallet, StdSignature } from './keplr.ts'

/** How a connection's own connector is asked (Connector.request), e.g. a WalletConnect session's. */
export type SessionRequest = (method: string, params: object) => Promise<unknown>

/** cosmjs-types' SignDoc as SigningStargateClient hands it to a direct signer. */
type DirectSignDoc = { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; chainId: string; accountNumber: bigint }

/** The Amino document ADR-036 signs: `data` by `signer`, chain id "", account number and sequence 0, no fee. */
export function adr036SignDoc(signer: string, data: string | Uint8Array) {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] as Array<{ denom: string; amount: string }> },
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data: base64.encode(bytes) } }],
    memo: '',
  }
}

/** Bytes a wallet answered: base64 (WalletConnect's examples), or a Uint8Array / byte list that went through JSON. */
function bytesOf(value: unknown, field: string): Uint8Array {
  if (value instanceof Uint8Array) return value
  if (typeof value === 'string') return base64.decode(value)
  if (typeof value === 'object' && value !== null) return Uint8Array.from(Object.values(value as Record<string, number>))
  throw new Error(`The wallet answered no ${field}`)
}

function signatureOf(result: unknown): StdSignature {
  const signature = (result as { signature?: StdSignature } | undefined)?.signature
  if (!signature || typeof signature.signature !== 'string') throw new Error('The wallet returned no signature')
  return signature
}

/**
 * A cosmos connection made by a connector that is not one of this plugin's (a WalletConnect session), seen as the
 * Keplr surface the plugin's RPC uses: accounts from `cosmos_getAccounts`, transactions signed with
 * `cosmos_signDirect` (or `cosmos_signAmino`), ADR-036 messages with `cosmos_signAmino` (WalletConnect's cosmos RPC).
 */
export function sessionKeplr(request: SessionRequest, name: string): KeplrWallet {
  const getAccounts = async () => {
    const list = await request('cosmos_getAccounts', {})
    if (!Array.isArray(list)) throw new Error('The wallet answered no accounts')
    return list
      .filter((a): a is { address: string; algo: string; pubkey: string } => typeof a?.address === 'string' && typeof a?.pubkey === 'string')
      .map((a) => ({ address: a.address, algo: typeof a.algo === 'string' ? a.algo : 'secp256k1', pubkey: base64.decode(a.pubkey) }))
  }
  const signer: KeplrOfflineSigner = {
    getAccounts,
    async signDirect(signerAddress, doc) {
      const signDoc = doc as DirectSignDoc
      const result = (await request('cosmos_signDirect', {
        signerAddress,
        signDoc: {
          chainId: signDoc.chainId,
          accountNumber: signDoc.accountNumber.toString(),
          authInfoBytes: base64.encode(signDoc.authInfoBytes),
          bodyBytes: base64.encode(signDoc.bodyBytes),
        },
      })) as { signed?: { chainId?: string; accountNumber?: string | number; authInfoBytes?: unknown; bodyBytes?: unknown } } | undefined
      const signed = result?.signed
      return {
        signed: signed
          ? {
              chainId: signed.chainId ?? signDoc.chainId,
              accountNumber: BigInt(signed.accountNumber ?? signDoc.accountNumber),
              authInfoBytes: bytesOf(signed.authInfoBytes, 'authInfoBytes'),
              bodyBytes: bytesOf(signed.bodyBytes, 'bodyBytes'),
            }
          : signDoc,
        signature: signatureOf(result),
      }
    },
    async signAmino(signerAddress, signDoc) {
      const result = (await request('cosmos_signAmino', { signerAddress, signDoc })) as { signed?: unknown } | undefined
      return { signed: result?.signed ?? signDoc, signature: signatureOf(result) }
    },
  }
  const key = async (): Promise<KeplrKey> => {
    const [account] = await getAccounts()
    if (!account) throw new Error('The wallet answered no accounts')
    return { name, algo: account.algo, pubKey: account.pubkey, address: new Uint8Array(), bech32Address: account.address }
  }
  return {
    name,
    async enable() {},
    getKey: key,
    getOfflineSigner: () => signer,
    async getOfflineSignerAuto() {
      return signer
    },
    async signArbitrary(_chainId, signerAddress, data) {
      return signatureOf(await request('cosmos_signAmino', { signerAddress, signDoc: adr036SignDoc(signerAddress, data) }))
    },
  }
}
