/** Options of {@link truncateAddress}. */
export interface TruncateOptions {
  /** Characters kept at the start (the 0x prefix counts). @default 4 */
  leading?: number
  /** Characters kept at the end. @default 6 */
  trailing?: number
}

const ELLIPSIS = '…'

/** SPEC §9 address truncation: first 4 + '…' + last 6; short strings are kept whole. @example truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') === '0xf3…b92266' */
export function truncateAddress(addr: string, { leading = 4, trailing = 6 }: TruncateOptions = {}): string {
  // Truncating only pays off when it removes more than the ellipsis it adds.
  if (addr.length <= leading + trailing + 1) return addr
  return `${addr.slice(0, leading)}${ELLIPSIS}${trailing > 0 ? addr.slice(-trailing) : ''}`
}

