import type { WalletListing } from 'portico/plugin'
import { safeWalletLink, withSafeLinks } from 'portico/components'

export { safeWalletLink, withSafeLinks }

/** One way to open a wallet with a pairing URI. */
export interface WalletLink {
  kind: 'mobile' | 'desktop' | 'web'
  href: string
}

/**
 * The links of a SPEC §3 wallet listing for a `wc:` URI, in the order mobile, desktop, web; links that
 * {@link safeWalletLink} refuses are left out. Never throws.
 *
 * Formats (the WalletConnect conventions):
 * - a native scheme (`mywallet://`) gets `wc?uri=<encoded>` appended: `mywallet://wc?uri=…`;
 * - an http(s) universal link (mobile_link / desktop_link) gets `/wc?uri=<encoded>`: `https://w.example/wc?uri=…`;
 * - the web app link keeps its own path and gets the `uri` query parameter: `https://app.example/?uri=<encoded>`
 *   (the demo wallet pairs from `?uri=` on load).
 */
export function walletLinks(wallet: WalletListing, uri: string): WalletLink[] {
  const safe = withSafeLinks(wallet)
  const links: WalletLink[] = []
  if (safe.mobile_link) links.push({ kind: 'mobile', href: nativeOrUniversal(safe.mobile_link, uri) })
  if (safe.desktop_link) links.push({ kind: 'desktop', href: nativeOrUniversal(safe.desktop_link, uri) })
  const web = safe.webapp_link ? webAppLink(safe.webapp_link, uri) : undefined
  if (web) links.push({ kind: 'web', href: web })
  return links
}

function nativeOrUniversal(link: string, uri: string): string {
  const encoded = encodeURIComponent(uri)
  if (/^https?:\/\//i.test(link)) return `${link.replace(/\/+$/, '')}/wc?uri=${encoded}`
  const scheme = link.includes('://') ? link : `${link.replace(/:+$/, '')}://`
  return `${scheme.endsWith('/') ? scheme : `${scheme}/`}wc?uri=${encoded}`
}

function webAppLink(link: string, uri: string): string | undefined {
  try {
    const url = new URL(link)
    url.searchParams.set('uri', uri)
    return url.toString()
  } catch {
    return undefined
  }
}
