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

// The definition is a module of its own and this entry only re-exports: a host's first chunk then holds the definition
// alone, and the bundler keeps the modules the deferred code shares with the host in that chunk (docs/DECISIONS.md).
export { bip122, type Bip122Views } from './definition.ts'
