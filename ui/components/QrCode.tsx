import { useMemo } from 'react'
import { create } from 'qrcode'
import { WalletImage } from './WalletImage.tsx'
import { lazyStyles } from './lazy-styles.ts'

export interface QrCodeProps {
  /** The text to encode, e.g. a `wc:` pairing URI. */
  value: string
  /** Accessible name of the image, e.g. strings.qrCodeLabel. */
  label: string
  /** Rendered edge length in px. @default 240 */
  size?: number
  /** The wallet's (or app's) logo drawn in the centre, on a white plate in both themes. */
  logo?: { name: string; src?: string | undefined } | undefined
}

/** Quiet zone required around the symbol, in modules (ISO/IEC 18004). */
const QUIET_ZONE = 4

/**
 * The QR symbol as one SVG path (a rectangle per horizontal run of dark modules), black on white in both
 * themes so every scanner reads it. A centred logo covers about 4% of the symbol, well inside what error correction
 * M restores (15%). The encoded URI is the image's aria-description.
 */
export function QrCode({ value, label, size = 240, logo }: QrCodeProps) {
  const symbol = useMemo(() => qrPath(value), [value])
  const extent = symbol.count + QUIET_ZONE * 2
  return (
    <div ref={lazyStyles} className="portico-qr">
      <svg
        role="img"
        aria-label={label}
        aria-description={value}
        width={size}
        height={size}
        viewBox={`0 0 ${extent} ${extent}`}
        shapeRendering="crispEdges"
      >
        <rect width={extent} height={extent} fill="#fff" />
        <path d={symbol.d} fill="#000" />
      </svg>
      {logo && (
        <span className="portico-qr-logo">
          <WalletImage name={logo.name} src={logo.src} size={Math.round(size * 0.18)} decorative />
        </span>
      )}
    </div>
  )
}

/** Encodes `value` with error correction M and returns the module count and the path of the dark runs. */
export function qrPath(value: string): { count: number; d: string } {
  const { modules } = create(value, { errorCorrectionLevel: 'M' })
  const count = modules.size
  let d = ''
  for (let row = 0; row < count; row++) {
    let col = 0
    while (col < count) {
      if (!modules.get(row, col)) {
        col++
        continue
      }
      const start = col
      while (col < count && modules.get(row, col)) col++
      d += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`
    }
  }
  return { count, d }
}
