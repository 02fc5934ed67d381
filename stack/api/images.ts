import { createHash } from 'node:crypto'
import { cutCodePoints } from './http.ts'

export type ImageKind = 'wallet' | 'asset' | 'currency' | 'token'

/** Image ids are path segments; this also keeps anything odd out of the generated SVG. */
export const IMAGE_ID_PATTERN = '^[A-Za-z0-9._:-]{1,200}$'

const escapeXml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

function initials(label: string): string {
  const words = label.split(/[\s_-]+/).filter((w) => /^[A-Za-z0-9]/.test(w))
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase()
  // Code points, not UTF-16 units: a name starting "ü😀" must not lose half of the emoji.
  return cutCodePoints((words[0] ?? label).trim(), 2).toUpperCase()
}

/**
 * A deterministic SVG per (kind, id): colours come from a hash of the id, the label from `label` (a wallet's name,
 * a token symbol) or the id itself. Wallets are rounded squares, tokens and currencies circles, assets identicons.
 */
export function renderImage(kind: ImageKind, id: string, label?: string): { svg: string; etag: string } {
  const digest = createHash('sha256').update(`${kind}:${id}:${label ?? ''}`).digest()
  const hue = (digest[0]! * 360) / 256
  const hue2 = (hue + 40 + (digest[1]! % 80)) % 360
  const c1 = `hsl(${hue.toFixed(0)} 70% 52%)`
  const c2 = `hsl(${hue2.toFixed(0)} 75% 38%)`
  const etag = `"${digest.subarray(0, 12).toString('hex')}"`
  const defs = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>`
  let body: string
  if (kind === 'asset') {
    // 5x5 mirrored grid, like an identicon.
    const cells: string[] = []
    for (let y = 0; y < 5; y++) {
      for (let x = 0; x < 3; x++) {
        const bit = (digest[2 + y]! >> x) & 1
        if (!bit) continue
        for (const cx of x === 2 ? [2] : [x, 4 - x]) cells.push(`<rect x="${16 + cx * 19}" y="${16 + y * 19}" width="19" height="19" fill="#fff" fill-opacity="0.85"/>`)
      }
    }
    body = `<rect width="128" height="128" rx="24" fill="url(#g)"/>${cells.join('')}`
  } else {
    const text = kind === 'wallet' ? initials(label ?? id) : cutCodePoints(label ?? id, 4).toUpperCase()
    const size = text.length <= 2 ? 48 : text.length === 3 ? 38 : 30
    const shape = kind === 'wallet' ? '<rect width="128" height="128" rx="32" fill="url(#g)"/>' : '<circle cx="64" cy="64" r="64" fill="url(#g)"/>'
    body = `${shape}<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${escapeXml(text)}</text>`
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(label ?? id)}">${defs}${body}</svg>`
  return { svg, etag }
}
