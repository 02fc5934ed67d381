import type { ChainNamespace } from '../plugin/contract.ts'

export type { ChainNamespace }

/** CAIP-2 namespace syntax: 3 to 8 characters of `[-a-z0-9]`. */
const NAMESPACE = /^[-a-z0-9]{3,8}$/

/**
 * True when x is a syntactically valid CAIP-2 namespace. Which namespaces a modal knows is up to its chain plugins
 * (`ChainRegistry.namespaces()`); the kernel knows none by name.
 */
export function isChainNamespace(x: unknown): x is ChainNamespace {
  return typeof x === 'string' && NAMESPACE.test(x)
}
