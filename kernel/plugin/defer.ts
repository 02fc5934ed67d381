import type { PluginDefinition, Token } from './contract.ts'

/**
 * The error `modal.get` throws for a token a plugin declares in `provides` while that plugin's code is still loading
 * (a deferred plugin's import, or setups still running): an Error named 'ServiceNotLoadedError' whose `loaded`
 * settles when every plugin's setup has run (the service exists from then; `modal.ready` resolves later). React's
 * `useService` waits on `loaded` (Suspense) instead of throwing. The message names the plugin and says to await
 * `modal.ready`. A token no plugin declares still throws
 * "Nothing provides ..." at once. Kept to a plain Error with two fields: it is in every host's first chunk.
 */
export type ServiceNotLoadedError = Error & { name: 'ServiceNotLoadedError'; loaded: Promise<unknown> }

/** Throws a ServiceNotLoadedError when a plugin declares `token` in `provides` (called while setups run, for a missing token). */
export function checkNotLoaded(plugins: readonly PluginDefinition[], token: Token<unknown>, loaded: Promise<unknown>): void {
  const owner = plugins.find((p) => p.provides?.includes(token))
  if (owner) throw Object.assign(new Error(`Plugin "${owner.id}" provides ${String(token.description)} once loaded: await modal.ready`), { name: 'ServiceNotLoadedError', loaded })
}
