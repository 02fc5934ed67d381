/**
 * Wallet links (a registry listing's mobile_link, desktop_link, webapp_link) come from registries and hosts we do not
 * control and end up in `<a href>`. Like `safeImageUrl` for images, these functions are the one check: call
 * `withSafeLinks` where a listing arrives (a registry page, the host's custom wallets) and wherever it is rendered.
 */

/** Which link of a listing: the mobile and desktop links may use the wallet's own scheme, the web link may not. */
export type WalletLinkKind = 'mobile' | 'desktop' | 'web'

/** The link fields of a SPEC §3 wallet listing (the kernel's WalletListing has them). */
export interface WalletLinkFields {
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
}

/**
 * Schemes a wallet link may never use: script and inline-content URLs, local files, browser internals, and plain
 * transports that are not an app. Everything else of the form `scheme:` is taken as the wallet's own app scheme.
 */
const REFUSED_SCHEMES = new Set([
  'javascript',
  'vbscript',
  'data',
  'blob',
  'file',
  'filesystem',
  'about',
  'view-source',
  'chrome',
  'chrome-extension',
  'moz-extension',
  'resource',
  'jar',
  'ws',
  'wss',
  'ftp',
])

/** Plain http is taken only from the machine itself (a local demo wallet); browsers treat it as secure too. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The link as given when a wallet may open it, else undefined:
 * - `https:` URLs that parse and have a host (`http:` only for localhost / 127.0.0.1 / [::1]);
 * - for the mobile and desktop links also the wallet's own custom scheme (`mywallet://`, `mywallet:`);
 * - never `javascript:`, `data:`, `vbscript:` and the other schemes above, nothing without a scheme
 *   (`example.com/x`), nothing with whitespace or control characters (browsers drop those inside a scheme, so
 *   `java\tscript:` would run), and nothing over 2048 characters.
 */
export function safeWalletLink(link: unknown, kind: WalletLinkKind): string | undefined {
  if (typeof link !== 'string') return undefined
  const text = link.trim()
  if (!text || text.length > 2048 || /[\s\u0000-\u001f\u007f-\u009f]/.test(text)) return undefined
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(text)
  if (!match) return undefined
  const scheme = match[1]!.toLowerCase()
  if (scheme === 'https' || scheme === 'http') {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      return undefined
    }
    if (!url.hostname || url.username || url.password) return undefined
    if (scheme === 'http' && !LOOPBACK_HOSTS.has(url.hostname)) return undefined
    return text
  }
  if (kind === 'web' || REFUSED_SCHEMES.has(scheme)) return undefined
  return text
}

const checked = new WeakMap<object, object>()

/**
 * The listing with every link {@link safeWalletLink} refuses set to null; the rest is unchanged. Each listing
 * object is checked once (the result is remembered), so callers may call it where the listing arrives and again
 * where it renders.
 * @example withSafeLinks({ id: 'x', name: 'X', mobile_link: 'javascript:alert(1)' }).mobile_link // null
 */
export function withSafeLinks<W extends WalletLinkFields>(wallet: W): W {
  const hit = checked.get(wallet) as W | undefined
  if (hit) return hit
  const safe: W = {
    ...wallet,
    mobile_link: checkedLink(wallet.mobile_link, 'mobile'),
    desktop_link: checkedLink(wallet.desktop_link, 'desktop'),
    webapp_link: checkedLink(wallet.webapp_link, 'web'),
  }
  checked.set(wallet, safe)
  checked.set(safe, safe)
  return safe
}

function checkedLink(link: string | null | undefined, kind: WalletLinkKind): string | null | undefined {
  if (link === undefined || link === null || link === '') return link
  return safeWalletLink(link, kind) ?? null
}
