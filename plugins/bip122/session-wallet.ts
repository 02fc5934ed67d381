import { ProviderRpcError } from 'portico/plugin'
import { toAccount, type BitcoinAccount, type BitcoinWallet, type SignInputs } from './wallets.ts'

/** How a connection's own connector is asked (Connector.request), e.g. a WalletConnect session's. */
export type SessionRequest = (method: string, params: object) => Promise<unknown>

/** WalletConnect's bitcoin methods (signMessage, signPsbt, getAccountAddresses, sendTransfer) this plugin uses. */
export const SESSION_METHODS = { signMessage: 'signMessage', signPsbt: 'signPsbt' } as const

/** WalletConnect's signPsbt `signInputs`: one entry per input, instead of sats-connect's address → indexes record. */
export function toSessionSignInputs(signInputs: SignInputs): Array<{ address: string; index: number }> {
  return Object.entries(signInputs).flatMap(([address, indexes]) => indexes.map((index) => ({ address, index })))
}

/** WalletConnect answers signatures in hex; wallets that answer base64 (as sats-connect does) are taken as they are. */
function signatureBase64(signature: unknown): string {
  if (typeof signature !== 'string' || !signature) throw new Error('The wallet answered no signature')
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(signature)) return signature
  const bytes = Uint8Array.from(signature.match(/../g)!, (b) => parseInt(b, 16))
  return btoa(String.fromCharCode(...bytes))
}

/**
 * A bip122 connection made by a connector that is not one of this plugin's wallets (a WalletConnect session): the
 * plugin's RPC sends WalletConnect's bitcoin methods through the connection's `request`. The connected address is the
 * session's account (WalletConnect's "first external address"), a payment account.
 */
export function sessionWallet(request: SessionRequest, address: string): { wallet: BitcoinWallet; account: BitcoinAccount } {
  const account = toAccount(address, 'payment')
  if (!account) throw new ProviderRpcError(4100, `Not a Bitcoin address: ${address}`)
  const wallet: BitcoinWallet = {
    id: 'session',
    name: 'Session',
    async connect() {
      return [account]
    },
    async signMessage({ address: signer, message, protocol }) {
      const result = (await request(SESSION_METHODS.signMessage, {
        account: account.address,
        address: signer,
        message,
        protocol: protocol === 'ECDSA' ? 'ecdsa' : 'bip322',
      })) as { signature?: unknown } | undefined
      return signatureBase64(result?.signature)
    },
    async signPsbt({ psbt, signInputs }) {
      return (await signPsbtThroughSession(request, account.address, psbt, signInputs, false)).psbt
    },
  }
  return { wallet, account }
}

/** WalletConnect's signPsbt; with `broadcast` the wallet sends the transaction and answers its txid. */
export async function signPsbtThroughSession(
  request: SessionRequest,
  account: string,
  psbt: string,
  signInputs: SignInputs,
  broadcast: boolean,
): Promise<{ psbt: string; txid?: string }> {
  const result = (await request(SESSION_METHODS.signPsbt, { account, psbt, signInputs: toSessionSignInputs(signInputs), broadcast })) as
    | { psbt?: unknown; txid?: unknown }
    | undefined
  if (typeof result?.psbt !== 'string') throw new Error('The wallet answered no signed PSBT')
  return { psbt: result.psbt, ...(typeof result.txid === 'string' ? { txid: result.txid } : {}) }
}
