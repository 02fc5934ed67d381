import * as secp from '@bitcoinerlab/secp256k1'
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { bech32, hex } from '@scure/base'
import { DEV_MNEMONIC, privateKeyAt } from '../bitcoin/hd-keys.ts'

export const COSMOS_CHAIN_ID = 'portico-local-1'
export const COSMOS_CAIP_NETWORK_ID = `cosmos:${COSMOS_CHAIN_ID}`
export const COSMOS_BECH32_PREFIX = 'cosmos'
/** The staking/fee denom: 6 decimals, shown as STAKE. */
export const COSMOS_DENOM = 'ustake'
export const COSMOS_DISPLAY_DENOM = 'STAKE'
export const COSMOS_DECIMALS = 6
/** The same phrase as the EVM and bitcoin dev keys (stack/chain's DEV_MNEMONIC). */
export const COSMOS_DEV_MNEMONIC = DEV_MNEMONIC
export const COSMOS_DEV_ACCOUNT_COUNT = 4
/** Every dev account starts with 1000 STAKE. */
export const COSMOS_DEV_FUNDING = 1_000_000_000n

export type CosmosDevAccount = {
  index: number
  address: string
  /** cosmjs's default HD path (`makeCosmoshubPath(index)`), so DirectSecp256k1HdWallet.fromMnemonic finds the same keys. */
  path: string
  privateKey: string
  /** Compressed secp256k1, hex. */
  publicKey: string
}

/** bech32(prefix, ripemd160(sha256(compressed pubkey))): the SDK's secp256k1 account address. */
export function cosmosAddressFromPubkey(pubkey: Uint8Array, prefix = COSMOS_BECH32_PREFIX): string {
  return bech32.encode(prefix, bech32.toWords(ripemd160(sha256(pubkey))))
}

export function cosmosDevAccount(index: number, mnemonic = COSMOS_DEV_MNEMONIC): CosmosDevAccount {
  const path = `m/44'/118'/0'/0/${index}`
  const privateKey = privateKeyAt(mnemonic, path)
  const publicKey = secp.pointFromScalar(privateKey, true)!
  return { index, address: cosmosAddressFromPubkey(publicKey), path, privateKey: hex.encode(privateKey), publicKey: hex.encode(publicKey) }
}

export const cosmosDevAccounts: readonly CosmosDevAccount[] = Object.freeze(
  Array.from({ length: COSMOS_DEV_ACCOUNT_COUNT }, (_, i) => cosmosDevAccount(i)),
)
