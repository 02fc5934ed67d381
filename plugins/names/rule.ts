export { DEFAULT_NAME_ZONE, zoneOf } from './zone.ts'

/** SPEC §1 name suffixes: the current one and the legacy one. */
export const NAME_SUFFIXES = ['.reown.id', '.wcn.id'] as const
/** SPEC §5: the shortest name label. */
export const MIN_NAME_LENGTH = 4

/** Why a label breaks the SPEC §5 name rule (shown under the field). */
export const NameRuleText = {
  CHARACTERS: 'Use letters, digits and hyphens only',
  TOO_SHORT: `At least ${MIN_NAME_LENGTH} characters`,
} as const

/**
 * SPEC §5 name rule for the label typed (the part before the zone): letters, digits and hyphen only, at least 4
 * characters. Letters are the ASCII ones, as the name service's DNS-style labels. Undefined when the label passes.
 * @example nameRuleProblem('ab') === 'At least 4 characters'
 */
export function nameRuleProblem(label: string): string | undefined {
  if (!/^[A-Za-z0-9-]*$/.test(label)) return NameRuleText.CHARACTERS
  if (label.length < MIN_NAME_LENGTH) return NameRuleText.TOO_SHORT
  return undefined
}

/** The suffix of `name` among the SPEC §1 suffixes and `zones` (each `.zone`), or undefined. */
export function nameSuffix(name: string, zones: readonly string[] = []): string | undefined {
  const lower = name.toLowerCase()
  const suffixes = [...zones.map((z) => `.${z.replace(/^\./, '')}`), ...NAME_SUFFIXES]
  return suffixes.find((s) => lower.endsWith(s) && lower.length > s.length)
}

/** True when `name` ends with a SPEC §1 suffix (or one of `zones`): a name the profile service can resolve. */
export function isAccountName(name: string, zones: readonly string[] = []): boolean {
  return nameSuffix(name, zones) !== undefined
}

/** The signed registration message (SPEC §3 name registration payload `message`), as the hosted service expects it. */
export interface RegistrationMessage {
  name: string
  attributes: Record<string, string>
  /** Seconds since 1970. */
  timestamp: number
}

export function formatRegistrationMessage(name: string, timestampSeconds: number, attributes: Record<string, string> = {}): string {
  return JSON.stringify({ name, attributes, timestamp: timestampSeconds } satisfies RegistrationMessage)
}

/** Parses a registration message; throws an Error naming what is wrong. */
export function parseRegistrationMessage(text: string): RegistrationMessage {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new Error('The message is not JSON')
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('The message is not a JSON object')
  const { name, attributes = {}, timestamp } = value as Record<string, unknown>
  if (typeof name !== 'string' || !name) throw new Error('The message has no name')
  if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp) || timestamp < 0) throw new Error('The message has no valid timestamp')
  if (!attributes || typeof attributes !== 'object' || Array.isArray(attributes)) throw new Error('The message attributes are not an object')
  for (const v of Object.values(attributes)) if (typeof v !== 'string') throw new Error('The message attributes must be strings')
  return { name, attributes: attributes as Record<string, string>, timestamp }
}
