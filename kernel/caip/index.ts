export { type ChainNamespace, isChainNamespace } from './namespaces.ts'
export {
  type CaipNetworkId,
  type CaipAddress,
  type ParsedCaipNetworkId,
  type ParsedCaipAddress,
  parseCaipNetworkId,
  parseCaipAddress,
} from './caip-id.ts'
export { isTransactionHash, isSignedMessage, isValidAccountName, isBatchCallHex } from './formats.ts'
