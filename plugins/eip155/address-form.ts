// The address form check, in a module of its own that imports nothing: the plugin's definition (the host's first
// chunk) uses it. In address.ts it put a module importing the keccak hash in the first chunk, which only deferred code
// (siwx, send) uses, and rolldown then split the modules that deferred code shares with the first chunk out of it
// (docs/DECISIONS.md, "Nothing in a host's first chunk imports what only deferred code uses").

export const HEX40 = /^[0-9a-fA-F]{40}$/

/**
 * The form of a SPEC §5 EVM address (0x + 40 hex, the prefix optional when `requirePrefix` is false), checksum not
 * looked at. The plugin's own checks use this one: it does not reference keccak, so a host that never calls
 * {@link isEvmAddress} with `strict` or {@link toChecksumAddress} does not load the hash at start.
 */
export function hasEvmAddressForm(value: string, requirePrefix = true): boolean {
  if (typeof value !== 'string') return false
  const hasPrefix = value.startsWith('0x')
  if (requirePrefix && !hasPrefix) return false
  return HEX40.test(hasPrefix ? value.slice(2) : value)
}
