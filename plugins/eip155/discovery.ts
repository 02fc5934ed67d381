import { toDisposable, type Disposable } from 'portico/plugin'
import type { Eip1193Provider } from './provider.ts'

/** EIP-6963 provider info after sanitizing: names are plain text, icons only data:image/ or https: URLs. */
export interface AnnouncedWallet {
  uuid: string
  name: string
  icon?: string
  rdns: string
  provider: Eip1193Provider
}

const MAX_NAME = 64

/** Keeps an icon only when it is an image URL a plain `<img>` may load. */
export function sanitizeIcon(icon: unknown): string | undefined {
  if (typeof icon !== 'string') return undefined
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(icon)) return icon
  try {
    return new URL(icon).protocol === 'https:' ? icon : undefined
  } catch {
    return undefined
  }
}

/** Validates one announcement; anything malformed is dropped. */
export function parseAnnouncement(detail: unknown): AnnouncedWallet | undefined {
  if (!detail || typeof detail !== 'object') return undefined
  const { info, provider } = detail as { info?: Record<string, unknown>; provider?: Eip1193Provider }
  if (!info || !provider || typeof provider.request !== 'function') return undefined
  const { uuid, name, rdns, icon } = info
  if (typeof uuid !== 'string' || typeof name !== 'string' || typeof rdns !== 'string') return undefined
  const cleanName = name.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_NAME)
  if (!cleanName || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(rdns)) return undefined
  return { uuid, name: cleanName, rdns, icon: sanitizeIcon(icon), provider }
}

/**
 * EIP-6963 discovery: listens for announcements and asks wallets to announce. Duplicates are merged by rdns (the
 * first provider for an rdns is kept).
 */
export function discoverWallets(target: Window, onWallet: (wallet: AnnouncedWallet) => void): Disposable {
  const seen = new Set<string>()
  const listener = (event: Event) => {
    const wallet = parseAnnouncement((event as CustomEvent).detail)
    if (!wallet || seen.has(wallet.rdns)) return
    seen.add(wallet.rdns)
    onWallet(wallet)
  }
  target.addEventListener('eip6963:announceProvider', listener)
  target.dispatchEvent(new Event('eip6963:requestProvider'))
  return toDisposable(() => target.removeEventListener('eip6963:announceProvider', listener))
}
