// The browser bundle of the fake wallets (built by portico/testing/playwright, injected with page.addInitScript before
// the app loads). It reads its options from a global set just before it and leaves the wallets on window for the test.
import { installFakeWallets, type FakeWallets, type FakeWalletsOptions } from './fake-wallets.ts'

declare global {
  interface Window {
    __PORTICO_FAKE_WALLETS_OPTIONS__?: FakeWalletsOptions
    __porticoFakeWallets?: FakeWallets
  }
}

// Only the top document (addInitScript also runs in frames) and only once per document.
if (window === window.top && !window.__porticoFakeWallets) {
  window.__porticoFakeWallets = installFakeWallets(window, window.__PORTICO_FAKE_WALLETS_OPTIONS__ ?? {}).wallets
}
