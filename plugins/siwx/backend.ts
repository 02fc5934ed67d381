import { SDK_TYPE, SDK_VERSION, withSdkParams } from 'portico/plugin'
import type { SiwxBackend, SiwxSession } from './controller.ts'

export interface CloudAuthOptions {
  /** Base URL of the auth API (`<base>/auth/v1/...`): the modal's registry endpoint by default. */
  baseUrl: string
  projectId: string
  fetch?: typeof fetch
}

/** The error an auth API answer carries, as an Error (the server's own words when it gives them). */
async function failure(res: Response, what: string): Promise<Error> {
  let reason = `${what}: HTTP ${res.status}`
  try {
    const body = (await res.json()) as { error?: unknown }
    if (typeof body?.error === 'string' && body.error) reason = body.error
  } catch {
    // not JSON
  }
  return Object.assign(new Error(reason), { status: res.status })
}

/**
 * The default backend: the API server's sign-in endpoints, the shape of AppKit's hosted one (`/auth/v1/nonce`,
 * `/auth/v1/authenticate` -> JWT, `/auth/v1/me`, `/auth/v1/sign-out`). The JWT is kept with the session under the
 * SIWX token key and checked with `/me` on reload.
 */
export function cloudAuthBackend(options: CloudAuthOptions): SiwxBackend {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  const url = (path: string) => withSdkParams(`${options.baseUrl.replace(/\/$/, '')}/auth/v1/${path}`, { projectId: options.projectId, st: SDK_TYPE, sv: SDK_VERSION })
  return {
    async getNonce() {
      const res = await doFetch(url('nonce'))
      if (!res.ok) throw await failure(res, 'nonce')
      const body = (await res.json()) as { nonce?: unknown }
      if (typeof body.nonce !== 'string') throw new Error('nonce: the answer has no nonce')
      return body.nonce
    },
    async verify({ message, signature }) {
      const res = await doFetch(url('authenticate'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message, signature }),
      })
      if (!res.ok) throw await failure(res, 'authenticate')
      const body = (await res.json()) as { token?: unknown; session?: { expiresAt?: unknown } }
      if (typeof body.token !== 'string') throw new Error('authenticate: the answer has no token')
      return { token: body.token, expiresAt: typeof body.session?.expiresAt === 'string' ? body.session.expiresAt : undefined }
    },
    async getSession(caipAddress, stored) {
      if (!stored?.token) return undefined
      const res = await doFetch(url('me'), { headers: { authorization: `Bearer ${stored.token}` } })
      // 401: the token is no longer valid (revoked, expired): sign in again. Other failures are the backend's.
      if (res.status === 401) return undefined
      if (!res.ok) throw await failure(res, 'me')
      const body = (await res.json()) as { caipAddress?: unknown }
      if (typeof body.caipAddress !== 'string' || body.caipAddress.toLowerCase() !== caipAddress.toLowerCase()) return undefined
      return stored
    },
    async revoke(session: SiwxSession) {
      if (!session.token) return
      await doFetch(url('sign-out'), { method: 'POST', headers: { authorization: `Bearer ${session.token}` } })
    },
  }
}
