// The zone check names()'s factory runs before any modal exists, in a module of its own (index.ts, the host's first
// chunk); rule.ts re-exports it with the other SPEC §9 rules.

/** A zone as a host writes it (`reown.id`, `.reown.id`, `Reown.ID`): lowercased DNS-style labels, or a thrown Error. */
export function zoneOf(zone: string): string {
  const z = zone.replace(/^\./, '').toLowerCase()
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(z)) throw new Error(`Invalid name zone: ${JSON.stringify(zone)}`)
  return z
}

/** SPEC §9 name suggestion zone of the hosted service (the zone names register in by default). */
export const DEFAULT_NAME_ZONE = 'reown.id'
