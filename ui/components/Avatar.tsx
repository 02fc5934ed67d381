import { useUiStrings } from '../i18n/strings-context.tsx'
import { safeImageUrl } from './safeImageUrl.ts'
import { lazyStyles } from './lazy-styles.ts'

export interface AvatarProps {
  /** The account address; the gradient is derived from it, so one address always looks the same. */
  address: string
  /** Untrusted profile image (e.g. an ENS avatar); the gradient shows when it is unsafe or missing. */
  imageUrl?: string | undefined
  /** Alternative text; '' when text beside it already names the account (the avatar is then hidden from assistive technology). @default strings.accountAvatar */
  alt?: string
  /** Diameter in px. @default 64 */
  size?: number
}

/** The account picture: a profile image or a gradient derived from the address. */
export function Avatar({ address, imageUrl, alt, size = 64 }: AvatarProps) {
  const ui = useUiStrings()
  alt ??= ui.accountAvatar
  const src = safeImageUrl(imageUrl)
  const style = { width: size, height: size }
  if (src) return <img ref={lazyStyles} className="portico-avatar" src={src} alt={alt} width={size} height={size} style={style} referrerPolicy="no-referrer" />
  if (alt === '') return <span ref={lazyStyles} className="portico-avatar" aria-hidden="true" style={{ ...style, background: addressGradient(address) }} />
  return <span ref={lazyStyles} className="portico-avatar" role="img" aria-label={alt} style={{ ...style, background: addressGradient(address) }} />
}

/** Three hues from an FNV-1a hash of the lower-cased address (EVM addresses differ only by checksum case). */
export function addressGradient(address: string): string {
  let hash = 0x811c9dc5
  for (const char of address.toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  const hue = hash % 360
  const hue2 = (hue + 40 + ((hash >>> 9) % 80)) % 360
  const hue3 = (hue2 + 40 + ((hash >>> 17) % 80)) % 360
  return `radial-gradient(circle at 30% 25%, hsl(${hue} 85% 70%), hsl(${hue2} 75% 55%) 55%, hsl(${hue3} 70% 40%))`
}
