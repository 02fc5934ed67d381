import { ErrorText } from 'portico/plugin'

const MAX_EVM_CHAIN_ID_EXCLUSIVE = 0x80000000
const ETHEREUM_MAINNET = 1
// SLIP-44 coin type of Ether: ENSIP-11 keeps it for mainnet instead of 0x80000001.
const ETHER_COIN_TYPE = 60

/** ENSIP-11 coin type of an EVM chain id (SPEC §5); throws "Invalid chainId" at or above 2^31. @example chainIdToCoinType(10) === 2147483658 */
export function chainIdToCoinType(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId >= MAX_EVM_CHAIN_ID_EXCLUSIVE) {
    throw new Error(ErrorText.INVALID_CHAIN_ID)
  }
  if (chainId === ETHEREUM_MAINNET) return ETHER_COIN_TYPE
  return (MAX_EVM_CHAIN_ID_EXCLUSIVE | chainId) >>> 0
}
