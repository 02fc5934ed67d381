/**
 * portico/plugins/bip122: Bitcoin, written from plugin-template/ as a third-party plugin (it imports only `portico`).
 * Wallets through the Bitcoin Wallet Standard and sats-connect's provider interface; payment and ordinals accounts
 * with the SPEC §5 switching rule; balance from UTXOs over Esplora; BIP-322 / legacy message signing; PSBT signing;
 * transfers. Built-in Bitcoin mainnet and testnet (SPEC §1), plus any regtest the host adds with `bitcoinRegtest(url)`.
 * Read GUIDE.md of the template for the [n] markers.
 */
export { isBitcoinAddress, decodeBitcoinAddress, type BitcoinAddressType, type BitcoinNetworkName, type DecodedBitcoinAddress } from './address.ts'
export { bitcoin, bitcoinTestnet, bitcoinRegtest, walletStandardChain } from './networks.ts'
export { Bip122Connector, SWITCH_NEEDS_ADDRESS } from './connector.ts'
export { buildTransferPsbt, checkRecipients, extractTransaction, type Recipient } from './send.ts'
export {
  fromSatsConnect,
  fromWalletStandard,
  isStandardBitcoinWallet,
  satsConnectProviders,
  type AddressPurpose,
  type BitcoinAccount,
  type BitcoinWallet,
  type SatsConnectProvider,
  type SignInputs,
  type StandardBitcoinWallet,
} from './wallets.ts'
export type { Bip122Options } from './plugin.ts'

import { deferPlugin } from 'portico/plugin'
import type { Bip122Options } from './plugin.ts'

/**
 * The bip122 chain plugin. Its code (Wallet Standard and sats-connect discovery, connectors, RPC methods, the accounts
 * view) loads in its own chunk and bitcoinjs-lib on first use, so composing it costs a host's initial load only this
 * definition.
 * @example createModal({ plugins: [bip122({ networks: [bitcoinRegtest(esploraUrl)] })] })
 */
export function bip122(options: Bip122Options = {}) {
  return deferPlugin({ id: 'bip122', kind: 'chain', namespace: 'bip122', portico: '1.x' }, () => import('./plugin.ts').then((m) => m.bip122(options, views)))
}

/**
 * The view loaders live here, in the host's first chunk, rather than in plugin.ts: a view imported from a lazily loaded
 * module would make the bundler split what it shares with the first chunk (React, the kernel) into extra initial chunks.
 */
const views = { Bip122Accounts: () => import('./AccountsView.tsx') }
export type Bip122Views = typeof views
