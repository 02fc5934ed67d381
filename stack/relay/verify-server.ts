import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * A stand-in for the hosted Verify API (verify.walletconnect.org/v3), served from the relay's HTTP port.
 *
 * sign-client in a browser calls `core.verify.register()` on connect and on every request: it loads
 * `${verifyUrlV3}/attestation?projectId&origin&id&decryptedId` in a hidden iframe and waits up to 5 s for the
 * frame to post `{ type: 'verify_attestation', attestation: <ES256 JWT whose payload.id === id> }`.
 * A wallet checks that JWT against `${verifyUrlV3}/public-key`. Both answers come from here at once.
 *
 * Only origins on the allowlist are served: a dapp origin gets its attestation (any other gets 403, and its
 * register() waits out its 5 s), and a wallet or dapp origin may read the public key from a page (CORS: the exact
 * origin is echoed with `Vary: Origin`, never "*"). The relay cannot know which origins belong to a project, so
 * attestations still say `isVerified: false`: wallets show the origin as unverified ("UNKNOWN") rather than valid.
 */
export class LocalVerifyServer {
  private readonly privateKey: KeyObject
  private readonly publicJwk: Record<string, unknown>
  private readonly origins = new Set<string>()

  constructor(origins: Iterable<string> = []) {
    this.allow(...origins)
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = privateKey
    const jwk = publicKey.export({ format: 'jwk' })
    this.publicJwk = { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y, ext: true, key_ops: ['verify'] }
  }

  /** Adds exact http(s) origins (`https://app.example`, no path) to the allowlist; throws on anything else. */
  allow(...origins: string[]): void {
    for (const origin of origins) {
      if (!isExactOrigin(origin)) throw new Error(`relay: a Verify origin must be an exact http(s) origin, got ${origin}`)
    }
    for (const origin of origins) this.origins.add(origin)
  }

  allows(origin: string | undefined): origin is string {
    return origin !== undefined && this.origins.has(origin)
  }

  /** Whether `pathname` is one of the Verify paths (they alone answer CORS). */
  owns(pathname: string): boolean {
    return pathname === '/v3/attestation' || pathname === '/v3/public-key' || pathname.startsWith('/attestation/')
  }

  /** CORS headers for a Verify answer to a page on `requestOrigin`: its exact origin if allowed, else none. */
  corsHeaders(requestOrigin: string | undefined): Record<string, string> {
    return this.allows(requestOrigin) ? { 'access-control-allow-origin': requestOrigin, vary: 'Origin' } : { vary: 'Origin' }
  }

  /** Handles GET on the Verify paths; returns false when the request is not one of them. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    if (req.method !== 'GET' || !this.owns(url.pathname)) return false
    const cors = this.corsHeaders(singleHeader(req.headers.origin))
    if (url.pathname === '/v3/attestation') {
      const id = url.searchParams.get('id') ?? ''
      const origin = exactOrigin(url.searchParams.get('origin'))
      if (!origin) {
        send(res, 400, 'application/json', JSON.stringify({ error: 'origin must be an http(s) origin' }), cors)
        return true
      }
      if (!this.allows(origin)) {
        send(res, 403, 'application/json', JSON.stringify({ error: 'this relay does not attest that origin' }), cors)
        return true
      }
      const attestation = this.attest(id, origin)
      // The JWT is base64url segments joined by dots, and the origin is a parsed URL origin (JSON-quoted), so both
      // are safe inside the script. The message goes to that exact origin only, never "*".
      const body =
        '<!doctype html><meta charset="utf-8"><title>verify</title><script>' +
        `parent.postMessage(JSON.stringify({type:"verify_attestation",attestation:"${attestation}"}),${JSON.stringify(origin)})` +
        '</script>'
      send(res, 200, 'text/html; charset=utf-8', body, cors)
      return true
    }
    if (url.pathname === '/v3/public-key') {
      const expiresAt = Math.floor(Date.now() / 1000) + 24 * 60 * 60
      send(res, 200, 'application/json', JSON.stringify({ publicKey: this.publicJwk, expiresAt }), cors)
      return true
    }
    // Verify v2 lookup by hash: nothing is registered that way here; 404 makes the wallet skip it at once.
    send(res, 404, 'application/json', JSON.stringify({ error: 'unknown attestation' }), cors)
    return true
  }

  /** ES256 JWT in the shape the clients decode: payload { exp (s), id, origin, isScam, isVerified }. */
  attest(id: string, origin: string): string {
    const header = base64Url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))
    const exp = Math.floor(Date.now() / 1000) + 60 * 60
    const payload = base64Url(JSON.stringify({ exp, id, origin, isScam: false, isVerified: false }))
    const signingInput = `${header}.${payload}`
    const signature = sign('sha256', Buffer.from(signingInput), { key: this.privateKey, dsaEncoding: 'ieee-p1363' })
    return `${signingInput}.${signature.toString('base64url')}`
  }
}

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url')
}

/** Writes a whole answer. No CORS header unless `headers` brings one (the Verify paths, for allowed origins). */
export function send(res: ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...headers,
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  })
  res.end(body)
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value
}

/** The value when it is exactly an http(s) origin (scheme, host, port; no path), else undefined. */
function exactOrigin(value: string | null): string | undefined {
  return value && isExactOrigin(value) ? value : undefined
}

/** True when `value` is exactly an http(s) origin: scheme, host and port; no path, query or trailing slash. */
export function isExactOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value
  } catch {
    return false
  }
}
