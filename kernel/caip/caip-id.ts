import { ErrorText } from '../errors/index.ts'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../plugin/contract.ts'
import { isChainNamespace } from './namespaces.ts'

export type { CaipAddress, CaipNetworkId }

/** The parts of a CAIP-2 network id. */
export interface ParsedCaipNetworkId {
  namespace: ChainNamespace
  reference: string
}

/** The parts of a CAIP-10 address. */
export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  address: string
}

/** CAIP-2 reference and CAIP-10 account address syntax. */
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ACCOUNT = /^[-.%a-zA-Z0-9]{1,128}$/

function splitParts(id: unknown, count: number): string[] | undefined {
  if (typeof id !== 'string') return undefined
  const parts = id.split(':')
  if (parts.length !== count || parts.some((p) => p === '')) return undefined
  if (!isChainNamespace(parts[0]) || !REFERENCE.test(parts[1]!)) return undefined
  if (count === 3 && !ACCOUNT.test(parts[2]!)) return undefined
  return parts
}

/**
 * Parses a CAIP-2 id (SPEC §5: exactly 2 non-empty parts) by CAIP syntax. Whether the namespace is known to a modal
 * is `ChainRegistry.parseCaipNetworkId`'s question. @example parseCaipNetworkId('eip155:1')
 */
export function parseCaipNetworkId(id: string): ParsedCaipNetworkId {
  const parts = splitParts(id, 2)
  if (!parts) throw new Error(ErrorText.INVALID_CAIP2)
  const [namespace, reference] = parts as [ChainNamespace, string]
  return { namespace, reference }
}

/** Parses a CAIP-10 address (SPEC §5: exactly 3 non-empty parts) by CAIP syntax. */
export function parseCaipAddress(id: string): ParsedCaipAddress {
  const parts = splitParts(id, 3)
  if (!parts) throw new Error(ErrorText.INVALID_CAIP10)
  const [namespace, reference, address] = parts as [ChainNamespace, string, string]
  return { namespace, reference, address }
}
