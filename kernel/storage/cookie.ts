import type { StorageAdapter } from './adapter.ts'
import type { ModalStateView } from '../plugin/contract.ts'

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

/** The storage key `rememberAccount` keeps the active account under (a cookie with a cookie adapter). */
export const REMEMBERED_ACCOUNT_KEY = '@portico/account'

/** The account a returning visitor was last connected with, as `rememberAccount` stored it. */
export interface RememberedAccount {
  /** CAIP-10, e.g. 'eip155:1:0xab…'. */
  caipAddress: string
  /** The address part of `caipAddress`. */
  address: string
}

/**
 * Server rendering with the connected address (docs/NEXTJS.md): keeps the active account of `modal` in `storage`
 * (a cookie adapter in the browser), set while connected and removed once disconnected, so the next request's server
 * render can read it with `readRememberedAccount` before the wallet is asked again. Answers the unsubscribe function.
 * @example rememberAccount(modal, createCookieAdapter(documentCookieIO(document)))
 */
export function rememberAccount(modal: { readonly state: Pick<ModalStateView, 'accounts' | 'network' | 'connection'> }, storage: StorageAdapter): () => void {
  const { accounts, network, connection } = modal.state
  const sync = () => {
    const { status } = connection.getSnapshot()
    const active = network.getSnapshot().activeNamespace
    const caipAddress = active && accounts.getSnapshot().byNamespace[active]?.caipAddress
    if (status === 'connected' && caipAddress) {
      if (storage.getItem(REMEMBERED_ACCOUNT_KEY) !== caipAddress) storage.setItem(REMEMBERED_ACCOUNT_KEY, caipAddress)
    } else if (status === 'disconnected' && storage.getItem(REMEMBERED_ACCOUNT_KEY) !== null) {
      storage.removeItem(REMEMBERED_ACCOUNT_KEY)
    }
  }
  const offs = [accounts.subscribe(sync), network.subscribe(sync), connection.subscribe(sync)]
  sync()
  return () => offs.forEach((off) => off())
}

/**
 * The account `rememberAccount` stored, read on the server from the request's cookies (or in the browser while
 * hydrating, from the same cookies): undefined when there is none or it is not a CAIP-10 account id.
 * @example readRememberedAccount(createCookieAdapter({ read: () => cookieHeader, write: () => {} }))
 */
export function readRememberedAccount(storage: StorageAdapter): RememberedAccount | undefined {
  const caipAddress = storage.getItem(REMEMBERED_ACCOUNT_KEY)
  const match = caipAddress ? /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:([-.%a-zA-Z0-9]{1,128})$/.exec(caipAddress) : null
  return match ? { caipAddress: caipAddress!, address: match[1]! } : undefined
}
