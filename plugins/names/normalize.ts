import { ens_normalize } from '@adraffy/ens-normalize'

// ENSIP-15 normalization, in its own module: the library is ~35 KB gzipped, so the plugin loads it with import()
// when first needed (the API server imports it directly).

/** ENSIP-15 normalization (`@adraffy/ens-normalize`); throws for a name that cannot be normalized. */
export function normalizeName(name: string): string {
  return ens_normalize(name)
}

/** True when `name` is already in ENSIP-15 normalized form. */
export function isNormalizedName(name: string): boolean {
  try {
    return ens_normalize(name) === name
  } catch {
    return false
  }
}

/** A zone as given by a host (`reown.id`, `.reown.id`): without the leading dot, normalized; throws when invalid. */
export function normalizeZone(zone: string): string {
  const z = normalizeName(zone.replace(/^\./, ''))
  if (!z) throw new Error(`Invalid name zone: ${JSON.stringify(zone)}`)
  return z
}

/** The full, normalized name of `label` in `zone`. @example fullName('Alice', 'reown.id') === 'alice.reown.id' */
export function fullName(label: string, zone: string): string {
  return normalizeName(`${label}.${zone}`)
}

