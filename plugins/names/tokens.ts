import { createServiceToken, createToken } from 'portico/plugin'
import type { NamesController } from './controller.ts'

/**
 * Forward and reverse name lookup, offered to other plugins (send's receiver field) under `NamesTokens.Lookup`: a
 * consumer declares `optional: [NamesTokens.Lookup]` and reads `ctx.has(token) ? ctx.get(token) : undefined`.
 */
export interface NameLookup {
  /** True when `text` ends with a SPEC §1 suffix or the configured zone (worth resolving). */
  isName(text: string): boolean
  /**
   * The address `name` points to (ENSIP-15 normalized first): for the active EVM chain's ENSIP-11 coin type, else
   * coin type 60; undefined when the name is not registered. Rejects with "Error resolving name" when the service
   * fails or the name cannot be normalized.
   */
  resolveName(name: string): Promise<string | undefined>
  /** The name of `address` (the configured zone's first), undefined when none; rejects with "Error fetching names for address". */
  lookupAddress(address: string): Promise<string | undefined>
  /**
   * The send plugin's use (`NamesLookup` of portico/plugins/send): `resolveName` as `{ address, name }`, for eip155
   * only (names hold EVM addresses); undefined elsewhere or when not registered.
   */
  resolve(name: string, namespace: string): Promise<{ address: string; name: string } | undefined>
  /** The send plugin's shape: `lookupAddress` as `{ address, name }`, eip155 only. */
  reverse(address: string, namespace: string): Promise<{ address: string; name: string } | undefined>
}

/** The services the names plugin provides. Side-effect free: importing it pulls none of the plugin's code. */
export const NamesTokens = {
  /** The plugin's own controller (its views read it). */
  Controller: createToken<NamesController>('names.controller'),
  /** See NameLookup; declared in the plugin's `provides`. */
  Lookup: createServiceToken<NameLookup>('names', 'lookup'),
} as const
