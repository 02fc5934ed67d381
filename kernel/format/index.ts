export { type TruncateOptions, truncateAddress } from './address.ts'
export { type FormatAmountOptions, formatAmount, formatBalance, formatUnits } from './amount.ts'
