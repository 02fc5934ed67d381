import type { StorageAdapter } from './adapter.ts'

/** How the cookie adapter reads the Cookie header and writes Set-Cookie values (browser or server request). */
export interface CookieIO {
  /** The current cookie header, e.g. 'a=1; b=2'. */
  read(): string
  /** Writes one Set-Cookie value. */
  write(setCookie: string): void
  /** The cookie jar it reads (e.g. the document), so two adapters over one jar are known to share data. */
  readonly store?: object
}

/** Attributes of written cookies. */
export interface CookieOptions {
  /** @default '/' */
  path?: string
  /** Lifetime in seconds. @default 31536000 (one year) */
  maxAgeSeconds?: number
  /** @default 'Lax' */
  sameSite?: 'Strict' | 'Lax' | 'None'
  /** @default false (true is forced when sameSite is 'None') */
  secure?: boolean
  domain?: string
}

const ONE_YEAR_SECONDS = 31_536_000
const EXPIRED = 'Expires=Thu, 01 Jan 1970 00:00:00 GMT'

function parseCookieHeader(header: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const name = safeDecode(part.slice(0, eq).trim())
    const value = safeDecode(part.slice(eq + 1).trim())
    if (name === undefined || value === undefined || name === '' || out.has(name)) continue
    out.set(name, value)
  }
  return out
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

/**
 * Adapter over cookies, for SSR: the server passes the request's Cookie header and collects Set-Cookie values.
 * Writes are also kept in the adapter, so a value set during a server render reads back before the response goes out.
 * @example createCookieAdapter({ read: () => req.headers.cookie ?? '', write: (c) => res.appendHeader('Set-Cookie', c) })
 */
export function createCookieAdapter(io: CookieIO, options: CookieOptions = {}): StorageAdapter {
  const { path = '/', maxAgeSeconds = ONE_YEAR_SECONDS, sameSite = 'Lax', domain } = options
  const secure = options.secure === true || sameSite === 'None'
  // Pending writes: a string is a set value, null a removal.
  const written = new Map<string, string | null>()

  const attributes = (maxAge: number) =>
    [`Path=${path}`, `Max-Age=${maxAge}`, `SameSite=${sameSite}`, domain ? `Domain=${domain}` : '', secure ? 'Secure' : '']
      .filter(Boolean)
      .join('; ')

  const current = () => {
    const items = parseCookieHeader(io.read())
    for (const [key, value] of written) {
      if (value === null) items.delete(key)
      else items.set(key, value)
    }
    return items
  }

  return {
    store: io.store ?? io,
    getItem: (key) => current().get(key) ?? null,
    setItem(key, value) {
      written.set(key, value)
      io.write(`${encodeURIComponent(key)}=${encodeURIComponent(value)}; ${attributes(maxAgeSeconds)}`)
    },
    removeItem(key) {
      written.set(key, null)
      // Expires as well as Max-Age=0: some cookie jars (happy-dom, old agents) only honour Expires.
      io.write(`${encodeURIComponent(key)}=; ${attributes(0)}; ${EXPIRED}`)
    },
    keys: () => [...current().keys()],
  }
}

/** CookieIO over `document.cookie`. @example createCookieAdapter(documentCookieIO(document)) */
export function documentCookieIO(doc: { cookie: string }): CookieIO {
  return {
    store: doc,
    read: () => doc.cookie,
    write: (setCookie) => {
      doc.cookie = setCookie
    },
  }
}
