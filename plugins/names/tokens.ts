import { createToken, type Token } from 'portico/plugin'
import type { NamesController } from './controller.ts'

/**
 * Forward and reverse name lookup, offered to other plugins (send's receiver field). The token is the registered
 * symbol `Symbol.for('portico.names.lookup')`, so a consumer reaches it with `ctx.has`/`ctx.get` without importing
 * this plugin: `const lookup = ctx.has(token) ? ctx.get(token) : undefined`.
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
   * The send plugin's shape (`NamesLookup` of portico/plugins/send): `resolveName` as `{ address, name }`, for eip155
   * only (names hold EVM addresses); undefined elsewhere or when not registered.
   */
  resolve(name: string, namespace: string): Promise<{ address: string; name: string } | undefined>
  /** The send plugin's shape: `lookupAddress` as `{ address, name }`, eip155 only. */
  reverse(address: string, namespace: string): Promise<{ address: string; name: string } | undefined>
}

/** The services the names plugin provides. */
export const NamesTokens = {
  Controller: createToken<NamesController>('names.controller'),
  /** See NameLookup: `Symbol.for('portico.names.lookup')`. */
  Lookup: Symbol.for('portico.names.lookup') as Token<NameLookup>,
} as const
