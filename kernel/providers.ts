import type { ChainNamespace } from './caip/index.ts'
import { createToken, type Token } from './plugin/contract.ts'

/**
 * What `modal.getProvider(namespace)` answers, per namespace: open, a chain plugin adds its own by declaration merging
 * and provides it with `ctx.provide(chainProviderToken(namespace), () => provider)`.
 * @example declare module 'portico' { interface ChainProviders { eip155: Eip1193Provider } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ChainProviders {}

const tokens = new Map<string, Token<unknown>>()

/** The service token under which a chain plugin provides its namespace's provider (one token per namespace). */
export function chainProviderToken<N extends ChainNamespace>(namespace: N): Token<N extends keyof ChainProviders ? ChainProviders[N] : unknown> {
  let token = tokens.get(namespace)
  if (!token) {
    token = createToken<unknown>(`portico.provider.${namespace}`)
    tokens.set(namespace, token)
  }
  return token as Token<N extends keyof ChainProviders ? ChainProviders[N] : unknown>
}
