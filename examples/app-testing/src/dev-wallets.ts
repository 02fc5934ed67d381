import { appChains } from './chains.ts'

/**
 * In development only (`vite` dev server, `?fakeWallet` in the URL): fake wallets with the in-page prompt, so the
 * app can be tried without a browser extension. The import is dynamic and inside `if (import.meta.env.DEV)`, which a
 * production build replaces with `if (false)` and drops, so portico/testing stays out of the bundle.
 */
export async function installDevWallets(): Promise<void> {
  if (import.meta.env.DEV) {
    if (!new URLSearchParams(location.search).has('fakeWallet')) return
    const { installFakeWallets } = await import('portico/testing')
    installFakeWallets(window, {
      namespaces: ['eip155'],
      prompt: 'dom',
      chains: { eip155: appChains.map((c) => ({ chainId: c.id, name: c.name, rpcUrl: c.rpcUrl })) },
    })
  }
}
