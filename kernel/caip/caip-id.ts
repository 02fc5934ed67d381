import { ErrorText } from '../errors/index.ts'
import { type ChainNamespace, isChainNamespace } from './namespaces.ts'

/** A CAIP-2 network id, e.g. 'eip155:1'. */
export type CaipNetworkId = `${string}:${string}`
/** A CAIP-10 account address, e.g. 'eip155:1:0xab...'. */
export type CaipAddress = `${string}:${string}:${string}`

/** The parts of a CAIP-2 network id. */
export interface ParsedCaipNetworkId {
  namespace: ChainNamespace
  reference: string
}

/** The parts of a CAIP-10 address. */
export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  address: string
}

function splitParts(id: unknown, count: number): string[] | undefined {
  if (typeof id !== 'string') return undefined
  const parts = id.split(':')
  if (parts.length !== count || parts.some((p) => p === '')) return undefined
  if (!isChainNamespace(parts[0])) return undefined
  return parts
}

/** Parses a CAIP-2 id (SPEC §5: exactly 2 non-empty parts, known namespace). @example parseCaipNetworkId('eip155:1') */
export function parseCaipNetworkId(id: string): ParsedCaipNetworkId {
  const parts = splitParts(id, 2)
  if (!parts) throw new Error(ErrorText.INVALID_CAIP2)
  const [namespace, reference] = parts as [ChainNamespace, string]
  return { namespace, reference }
}

/** Parses a CAIP-10 address (SPEC §5: exactly 3 non-empty parts, known namespace). */
export function parseCaipAddress(id: string): ParsedCaipAddress {
  const parts = splitParts(id, 3)
  if (!parts) throw new Error(ErrorText.INVALID_CAIP10)
  const [namespace, reference, address] = parts as [ChainNamespace, string, string]
  return { namespace, reference, address }
}
