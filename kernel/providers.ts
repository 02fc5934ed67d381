import type { ChainNamespace } from './caip/index.ts'
import type { Token } from './plugin/contract.ts'

/**
 * What `modal.getProvider(namespace)` answers, per namespace: open, a chain plugin adds its own by declaration merging
 * and provides it with `ctx.provide(chainProviderToken(namespace), () => provider)`.
 * @example declare module 'portico' { interface ChainProviders { eip155: Eip1193Provider } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ChainProviders {}

/**
 * The service token under which a chain plugin provides its namespace's provider: one per namespace, the same symbol
 * however often it is asked for (a registered symbol, so no table of them ships).
 */
export function chainProviderToken<N extends ChainNamespace>(namespace: N): Token<N extends keyof ChainProviders ? ChainProviders[N] : unknown> {
  return Symbol.for(`portico.provider.${namespace}`) as Token<N extends keyof ChainProviders ? ChainProviders[N] : unknown>
}
