export { type TruncateOptions, truncateAddress, truncateAuthName } from './address.ts'
export { type FormatAmountOptions, formatAmount, formatBalance, formatHistoryQuantity, formatUnits, signForOperation } from './amount.ts'
