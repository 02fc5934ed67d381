import { useState } from 'react'
import { safeImageUrl } from './safeImageUrl.ts'

export interface WalletImageProps {
  /** Wallet (or network, token) name: the alt text and the fallback letter. */
  name: string
  /** Untrusted image URL; passed through `safeImageUrl`. */
  src?: string | undefined
  /** Edge length in px. @default 40 */
  size?: number
  /** Next to visible text that already names it: alt="" so the name is not read twice. */
  decorative?: boolean
}

/** An image from outside, or a letter avatar when the URL is unsafe, missing or fails to load. */
export function WalletImage({ name, src, size = 40, decorative = false }: WalletImageProps) {
  const safeSrc = safeImageUrl(src)
  const [failedSrc, setFailedSrc] = useState<string | undefined>()
  const style = { width: size, height: size }
  if (safeSrc && safeSrc !== failedSrc) {
    return (
      <img
        className="portico-wallet-image"
        src={safeSrc}
        alt={decorative ? '' : name}
        width={size}
        height={size}
        style={style}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        draggable={false}
        onError={() => setFailedSrc(safeSrc)}
      />
    )
  }
  const letter = Array.from(name.trim())[0] ?? '?'
  const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': name }
  // The letter is drawn by CSS (::before, attr(data-letter)), not a text node: it stands in for a picture, so it is
  // no part of the visible text that a control's accessible name must contain (WCAG 2.5.3, axe
  // label-content-name-mismatch); the name is what the row or the aria-label says.
  return (
    <span
      className="portico-wallet-image-fallback"
      data-letter={letter}
      style={{ ...style, fontSize: Math.round(size * 0.45) }}
      {...a11y}
    />
  )
}
