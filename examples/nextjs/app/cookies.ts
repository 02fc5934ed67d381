import { headers } from 'next/headers'
import { createCookieAdapter, readRememberedAccount, STORAGE_PREFIX, type RememberedAccount } from 'portico'

/**
 * On the server: Portico's own cookies of this request (only those: the rest, HttpOnly ones included, must not be
 * handed to client components, whose props end up in the page) and the account the visitor was last connected with.
 */
export async function porticoCookies(): Promise<{ cookie: string; remembered: RememberedAccount | undefined }> {
  const header = (await headers()).get('cookie') ?? ''
  const cookie = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => safeDecode(part.slice(0, part.indexOf('='))).startsWith(STORAGE_PREFIX))
    .join('; ')
  return { cookie, remembered: readRememberedAccount(createCookieAdapter({ read: () => cookie, write: () => undefined })) }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return ''
  }
}
