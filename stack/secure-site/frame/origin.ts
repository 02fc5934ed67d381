/** `value` when it is exactly a serialized http(s) origin (scheme://host[:port], no path, no wildcard), else undefined. */
export function exactOrigin(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  return url.origin === value ? value : undefined
}
