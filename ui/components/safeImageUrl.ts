/**
 * Wallet and network images come from registries and wallets we do not control. Only these reach `<img src>`:
 * raster/vector `data:image/*` URLs, https URLs, and http on the local machine (the dev stack). Anything else
 * (javascript:, data:text/html, blob:, file:, other http hosts) returns undefined and the caller shows a fallback.
 * @example safeImageUrl('https://example.com/w.png') // 'https://example.com/w.png'
 * @example safeImageUrl('javascript:alert(1)')       // undefined
 */
export function safeImageUrl(url: string | null | undefined): string | undefined {
  if (typeof url !== 'string') return undefined
  const trimmed = url.trim()
  if (trimmed === '') return undefined
  if (/^data:/i.test(trimmed)) return DATA_IMAGE.test(trimmed) ? trimmed : undefined
  let parsed: URL
  try {
    parsed = new URL(trimmed)
  } catch {
    return undefined
  }
  if (parsed.protocol === 'https:') return parsed.href
  if (parsed.protocol === 'http:' && LOCAL_HOSTS.has(parsed.hostname)) return parsed.href
  return undefined
}

/** `data:image/<subtype>` followed by parameters or the payload; nothing else in a data URL is an image. */
const DATA_IMAGE = /^data:image\/[a-z0-9][a-z0-9.+-]*[;,]/i
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost'])
