import * as ecc from '@bitcoinerlab/secp256k1'
import { hex } from '@scure/base'
import { initEccLib, networks, payments } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { DEV_MNEMONIC, privateKeyAt } from './hd-keys.ts'

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)

export const BITCOIN_DEV_MNEMONIC = DEV_MNEMONIC
export const BITCOIN_DEV_ACCOUNT_COUNT = 4
/** What each dev account holds after start: the payment address gets 1 BTC, the ordinals (taproot) address 0.01 BTC. */
export const DEV_PAYMENT_FUNDING_SATS = 100_000_000
export const DEV_ORDINALS_FUNDING_SATS = 1_000_000

export type BitcoinDevAccount = {
  index: number
  /** P2WPKH at BIP84 m/84'/1'/0'/0/index (coin type 1: every test network). */
  payment: { address: string; path: string; privateKey: string; publicKey: string; wif: string }
  /** P2TR key-path (BIP86) at m/86'/1'/0'/0/index: what wallets call the ordinals address. */
  ordinals: { address: string; path: string; privateKey: string; publicKey: string; internalPubkey: string; wif: string }
}

export function bitcoinDevAccount(index: number, mnemonic = BITCOIN_DEV_MNEMONIC): BitcoinDevAccount {
  const paymentPath = `m/84'/1'/0'/0/${index}`
  const ordinalsPath = `m/86'/1'/0'/0/${index}`
  const paymentKey = ECPair.fromPrivateKey(privateKeyAt(mnemonic, paymentPath), { network: networks.regtest })
  const ordinalsKey = ECPair.fromPrivateKey(privateKeyAt(mnemonic, ordinalsPath), { network: networks.regtest })
  const internalPubkey = ordinalsKey.publicKey.slice(1, 33)
  const p2wpkh = payments.p2wpkh({ pubkey: paymentKey.publicKey, network: networks.regtest })
  const p2tr = payments.p2tr({ internalPubkey, network: networks.regtest })
  return {
    index,
    payment: {
      address: p2wpkh.address!,
      path: paymentPath,
      privateKey: hex.encode(paymentKey.privateKey!),
      publicKey: hex.encode(paymentKey.publicKey),
      wif: paymentKey.toWIF(),
    },
    ordinals: {
      address: p2tr.address!,
      path: ordinalsPath,
      privateKey: hex.encode(ordinalsKey.privateKey!),
      publicKey: hex.encode(ordinalsKey.publicKey),
      internalPubkey: hex.encode(internalPubkey),
      wif: ordinalsKey.toWIF(),
    },
  }
}

/** The dev accounts every start funds (derived from the shared dev mnemonic, so wallets importing it see them). */
export const bitcoinDevAccounts: readonly BitcoinDevAccount[] = Object.freeze(
  Array.from({ length: BITCOIN_DEV_ACCOUNT_COUNT }, (_, i) => bitcoinDevAccount(i)),
)

/**
 * The faucet and miner key: coinbases pay it and /regtest/fund spends from it. BIP84 account 99, so a wallet that
 * imports the dev mnemonic and scans account 0 does not show the faucet's coins as its own.
 */
export const FAUCET_PATH = "m/84'/1'/99'/0/0"
export function faucetKey(mnemonic = BITCOIN_DEV_MNEMONIC): { privateKey: Uint8Array; publicKey: Uint8Array; script: Uint8Array; address: string } {
  const key = ECPair.fromPrivateKey(privateKeyAt(mnemonic, FAUCET_PATH), { network: networks.regtest })
  const p2wpkh = payments.p2wpkh({ pubkey: key.publicKey, network: networks.regtest })
  return { privateKey: key.privateKey!, publicKey: key.publicKey, script: p2wpkh.output!, address: p2wpkh.address! }
}
