/** What every backend call carries (SPEC §7). */
export interface SdkParams {
  projectId: string
  /** SDK type. */
  st: string
  /** SDK version. */
  sv: string
}

const RELATIVE_BASE = 'http://relative.invalid'

/** Adds projectId, st and sv to a backend URL (SPEC §7), keeping its other params. @example withSdkParams('https://api.example/getWallets?page=1', sdk) */
export function withSdkParams(url: string | URL, { projectId, st, sv }: SdkParams): string {
  const text = url.toString()
  const parsed = new URL(text, RELATIVE_BASE)
  parsed.searchParams.set('projectId', projectId)
  parsed.searchParams.set('st', st)
  parsed.searchParams.set('sv', sv)
  if (parsed.origin === RELATIVE_BASE && !text.startsWith(RELATIVE_BASE)) {
    return `${parsed.pathname}${parsed.search}${parsed.hash}`
  }
  return parsed.toString()
}
