import type { PluginDefinition, Token } from './contract.ts'

/**
 * Thrown by `modal.get` for a token a plugin declares in `provides` while that plugin's code is still loading (a
 * deferred plugin's import, or setups still running): the service exists once `loaded` resolves, and certainly once
 * `modal.ready` does. React's `useService` waits on `loaded` (Suspense) instead of throwing. A token no plugin declares
 * still throws "Nothing provides ..." at once.
 */
export class ServiceNotLoadedError extends Error {
  constructor(
    readonly token: Token<unknown>,
    readonly plugin: string,
    /** Settles when every plugin's setup has run (rejects as `modal.ready` does when one fails). */
    readonly loaded: Promise<unknown>,
  ) {
    super(`Plugin "${plugin}" provides ${String(token.description)} once its code has loaded: await modal.ready before modal.get (React's useService waits for it)`)
    this.name = 'ServiceNotLoadedError'
  }
}

/** Throws ServiceNotLoadedError when a plugin declares `token` in `provides` (called while setups run, for a missing token). */
export function checkNotLoaded(plugins: readonly PluginDefinition[], token: Token<unknown>, loaded: Promise<unknown>): void {
  const owner = plugins.find((p) => p.provides?.includes(token))
  if (owner) throw new ServiceNotLoadedError(token, owner.id, loaded)
}
