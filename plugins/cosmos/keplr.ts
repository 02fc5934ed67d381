/**
 * The Keplr-style wallet surface the cosmos plugin uses (window.keplr, window.leap and others copy it). Written out
 * here rather than imported so a host needs no wallet types package; byte fields are Uint8Array as Keplr hands them.
 */
import type { CosmosWalletTarget } from './plugin.ts'

/** A secp256k1 public key and signature as Amino JSON carries them (base64). */
export interface StdSignature {
  pub_key: { type: string; value: string }
  signature: string
}

/** `getKey(chainId)`: the account the user picked in the wallet. */
export interface KeplrKey {
  name: string
  algo: string
  pubKey: Uint8Array
  address: Uint8Array
  bech32Address: string
  isNanoLedger?: boolean
}

/** cosmjs's OfflineDirectSigner / OfflineAminoSigner, structurally (SigningStargateClient takes either). */
export interface KeplrOfflineSigner {
  getAccounts(): Promise<ReadonlyArray<{ address: string; algo: string; pubkey: Uint8Array }>>
  signDirect?(signerAddress: string, signDoc: unknown): Promise<{ signed: unknown; signature: StdSignature }>
  signAmino?(signerAddress: string, signDoc: unknown): Promise<{ signed: unknown; signature: StdSignature }>
}

/** The chain description `experimentalSuggestChain` takes (the fields Keplr requires). */
export interface KeplrChainInfo {
  chainId: string
  chainName: string
  rpc: string
  rest: string
  bip44: { coinType: number }
  bech32Config: {
    bech32PrefixAccAddr: string
    bech32PrefixAccPub: string
    bech32PrefixValAddr: string
    bech32PrefixValPub: string
    bech32PrefixConsAddr: string
    bech32PrefixConsPub: string
  }
  currencies: Array<{ coinDenom: string; coinMinimalDenom: string; coinDecimals: number }>
  feeCurrencies: Array<{ coinDenom: string; coinMinimalDenom: string; coinDecimals: number; gasPriceStep?: { low: number; average: number; high: number } }>
  stakeCurrency: { coinDenom: string; coinMinimalDenom: string; coinDecimals: number }
}

/** The injected wallet object. Only `enable` and `getKey` are required; the rest is used when present. */
export interface KeplrWallet {
  /** Not part of Keplr's API; some wallets (and the Portico dev wallet) name themselves here. */
  name?: string
  enable(chainIds: string | string[]): Promise<void>
  getKey(chainId: string): Promise<KeplrKey>
  disable?(chainIds?: string | string[]): Promise<void>
  getOfflineSigner?(chainId: string): KeplrOfflineSigner
  getOfflineSignerOnlyAmino?(chainId: string): KeplrOfflineSigner
  getOfflineSignerAuto?(chainId: string): Promise<KeplrOfflineSigner>
  signDirect?(chainId: string, signer: string, signDoc: unknown): Promise<{ signed: unknown; signature: StdSignature }>
  signAmino?(chainId: string, signer: string, signDoc: unknown): Promise<{ signed: unknown; signature: StdSignature }>
  /** ADR-036 off-chain signature of `data` (a string is signed as its UTF-8 bytes). */
  signArbitrary?(chainId: string, signer: string, data: string | Uint8Array): Promise<StdSignature>
  experimentalSuggestChain?(chainInfo: KeplrChainInfo): Promise<void>
}

/** The event Keplr dispatches on window when the user switches keys. */
export const KEYSTORE_CHANGE_EVENT = 'keplr_keystorechange'

/** True when the value looks like a Keplr-style wallet (checked before use: the page's globals are untrusted). */
export function isKeplrWallet(value: unknown): value is KeplrWallet {
  if (!value || (typeof value !== 'object' && typeof value !== 'function')) return false
  const w = value as Record<string, unknown>
  return typeof w.enable === 'function' && typeof w.getKey === 'function'
}

/** The Keplr-style wallets cosmos() looks for by default. */
export const DEFAULT_COSMOS_WALLETS: readonly CosmosWalletTarget[] = [
  { id: 'keplr', name: 'Keplr', global: 'keplr' },
  { id: 'leap', name: 'Leap', global: 'leap' },
]
