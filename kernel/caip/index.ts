export { CHAIN_NAMESPACES, type ChainNamespace, isChainNamespace } from './namespaces.ts'
export {
  type CaipNetworkId,
  type CaipAddress,
  type ParsedCaipNetworkId,
  type ParsedCaipAddress,
  parseCaipNetworkId,
  parseCaipAddress,
} from './caip-id.ts'
export { type EvmAddressCheck, isEvmAddress, toChecksumAddress } from './evm-address.ts'
export { isSolanaAddress } from './solana-address.ts'
export { chainIdToCoinType } from './coin-type.ts'
export { isTransactionHash, isSignedMessage, isValidAccountName, isBatchCallHex } from './formats.ts'
