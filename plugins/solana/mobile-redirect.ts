/**
 * SPEC §9 "Mobile deeplink redirects exist for three Solana-capable wallets": on a phone, where no extension injects a
 * wallet, picking one of these wallets for Solana opens this page inside the wallet app's own browser (whose
 * injected wallet then connects), instead of a WalletConnect pairing. The three and their universal links are the
 * ones the wallets document (Phantom, Solflare, Coinbase Wallet).
 */
const enc = encodeURIComponent

export const SOLANA_MOBILE_REDIRECTS: ReadonlyArray<{ name: string; link(href: string, ref: string): string }> = [
  { name: 'Phantom', link: (href, ref) => `https://phantom.app/ul/browse/${enc(href)}?ref=${enc(ref)}` },
  { name: 'Solflare', link: (href, ref) => `https://solflare.com/ul/v1/browse/${enc(href)}?ref=${enc(ref)}` },
  { name: 'Coinbase Wallet', link: (href) => `https://go.cb-w.com/dapp?cb_url=${enc(href)}` },
]

/** The in-app-browser link for a wallet by its listed name (case-insensitive), or undefined for any other wallet. */
export function solanaMobileRedirect(walletName: string, href: string): string | undefined {
  const wanted = walletName.trim().toLowerCase()
  const wallet = SOLANA_MOBILE_REDIRECTS.find((w) => w.name.toLowerCase() === wanted)
  return wallet?.link(href, new URL(href).origin)
}
