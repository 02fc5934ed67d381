/**
 * The Polkadot{.js} extension interface (`window.injectedWeb3`, as @polkadot/extension-inject defines it), reduced to
 * what the plugin uses. Declared here rather than imported so a host without Polkadot ships no extension package.
 */

export interface InjectedAccount {
  address: string
  genesisHash?: string | null
  name?: string
  type?: 'ed25519' | 'sr25519' | 'ecdsa' | 'ethereum'
}

export interface SignerRawPayload {
  address: string
  /** 0x hex of the bytes to sign; the wallet wraps them in <Bytes>..</Bytes> before signing. */
  data: string
  type: 'bytes' | 'payload'
}

export interface SignerResult {
  id: number
  signature: `0x${string}`
}

/** @polkadot/api's Signer: what `signAndSend(address, { signer })` calls. */
export interface InjectedSigner {
  signRaw?(raw: SignerRawPayload): Promise<SignerResult>
  signPayload?(payload: Record<string, unknown>): Promise<SignerResult>
}

export interface Injected {
  accounts: {
    get(anyType?: boolean): Promise<InjectedAccount[]>
    subscribe(cb: (accounts: InjectedAccount[]) => void | Promise<void>): () => void
  }
  signer: InjectedSigner
}

export interface InjectedWindowProvider {
  /** Asks the user to authorize `originName` (the app's name) and returns the wallet's interface. */
  enable(originName: string): Promise<Injected>
  version?: string
  /** Not part of the extension interface: a display name some wallets (and the Portico dev wallet) add. */
  name?: string
}

export type InjectedWeb3 = Record<string, InjectedWindowProvider>

/** Display names of the well-known extensions, by their injectedWeb3 key. */
export const KNOWN_EXTENSION_NAMES: Readonly<Record<string, string>> = {
  'polkadot-js': 'Polkadot{.js}',
  talisman: 'Talisman',
  'subwallet-js': 'SubWallet',
  'fearless-wallet': 'Fearless Wallet',
  enkrypt: 'Enkrypt',
  'nova-wallet': 'Nova Wallet',
}
