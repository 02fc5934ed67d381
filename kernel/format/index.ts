export { type TruncateOptions, truncateAddress, truncateAuthName } from './address.ts'
export { formatBalance, formatHistoryQuantity, formatUnits, signForOperation } from './amount.ts'
