/**
 * For the tests that start a whole `portico-stack --config` file (stack/portico-stack-*.test.ts): the services' URLs
 * from their ready lines, and a user signed in on the file's secure site with the code the mail sink received.
 */
import { expect } from 'vitest'
import type { MailMessage } from './mail/index.ts'
import type { startStack } from './portico-stack.ts'

type Stack = Awaited<ReturnType<typeof startStack>>

/** The URL a service printed first in its ready line (`secure site ready http://127.0.0.1:…`). */
export function readyUrl(stack: Stack, name: string): string {
  const line = stack.services.find((s) => s.name === name)?.lines[0] ?? ''
  const url = /\bready (http:\/\/127\.0\.0\.1:\d+\S*)/.exec(line)?.[1]
  if (!url) throw new Error(`${name}: no URL in its ready line "${line}"`)
  return url
}

export interface SiteSession {
  token: string
  user: Record<string, any>
  /** A request to the secure site as the host page's frame makes it (project and host headers), with the session. */
  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, any>>
}

/** Email sign-in on the secure site: connect, the six-digit code from the mail sink, then the code checked. */
export async function signInByEmail(o: { site: string; mail: string; project: string; host: string; email: string; deviceId: string }): Promise<SiteSession> {
  let token: string | undefined
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const headers: Record<string, string> = { 'x-portico-project-id': o.project, 'x-portico-host-origin': o.host, 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }
    return (await fetch(`${o.site}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json() as Promise<Record<string, any>>
  }
  await call('POST', '/api/email/connect', { email: o.email, deviceId: o.deviceId })
  let code: string | undefined
  await expect
    .poll(async () => {
      const inbox = (await (await fetch(`${o.mail}/messages?to=${encodeURIComponent(o.email)}`)).json()) as MailMessage[]
      code = inbox.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean)
      return code
    }, { timeout: 20_000 })
    .toMatch(/^\d{6}$/)
  const signedIn = await call('POST', '/api/email/otp', { email: o.email, otp: code, deviceId: o.deviceId })
  token = signedIn.token as string
  return { token, user: signedIn.user as Record<string, any>, call }
}
