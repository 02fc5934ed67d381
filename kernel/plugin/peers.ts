/**
 * A chain plugin's libraries are optional peers of portico: a host installs the ones of the plugins it composes. When
 * one is missing, bundlers hand the plugin an empty module (Vite: `__vite-optional-peer-dep:...`); this turns that into
 * an error that says what to install, instead of "x is not a function" later.
 */
export class MissingPeerError extends Error {
  constructor(
    readonly plugin: string,
    readonly packages: readonly string[],
  ) {
    super(`The ${plugin} plugin needs ${packages.join(' and ')}, which ${packages.length > 1 ? 'are' : 'is'} not installed: npm i ${packages.join(' ')}`)
    this.name = 'MissingPeerError'
  }
}

/**
 * An optional peer loaded with a dynamic import (`() => import('pkg')`), checked for its export `name`. A missing
 * package fails as a MissingPeerError naming the plugin's packages (the original error as its `cause`) whether the
 * bundler left nothing to resolve or, as Vite does, a stand-in module that throws when it is evaluated; a static
 * import of such a stand-in would stop the host's whole page before any of its code ran.
 */
export async function importPeer<M, K extends keyof M>(load: () => Promise<M>, name: K, need: { plugin: string; packages: readonly string[] }): Promise<M> {
  let module: M
  try {
    module = await load()
  } catch (cause) {
    throw Object.assign(new MissingPeerError(need.plugin, need.packages), { cause })
  }
  requirePeer(module, name, need)
  return module
}

/** The export `name` of an optional peer's module, or a MissingPeerError naming the plugin's packages. */
export function requirePeer<M, K extends keyof M>(module: M, name: K, need: { plugin: string; packages: readonly string[] }): NonNullable<M[K]> {
  const value = (module as Record<PropertyKey, unknown> | undefined)?.[name as PropertyKey]
  if (value === undefined || value === null) throw new MissingPeerError(need.plugin, need.packages)
  return value as NonNullable<M[K]>
}
