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
 * The relay cannot know which origins belong to a project, so attestations say `isVerified: false`: wallets
 * show the origin as unverified ("UNKNOWN") rather than valid.
 */
export class LocalVerifyServer {
  private readonly privateKey: KeyObject
  private readonly publicJwk: Record<string, unknown>

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = privateKey
    const jwk = publicKey.export({ format: 'jwk' })
    this.publicJwk = { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y, ext: true, key_ops: ['verify'] }
  }

  /** Handles the Verify paths; returns false when the request is not one of them. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    if (req.method !== 'GET') return false
    if (url.pathname === '/v3/attestation') {
      const id = url.searchParams.get('id') ?? ''
      const origin = exactOrigin(url.searchParams.get('origin'))
      if (!origin) {
        send(res, 400, 'application/json', JSON.stringify({ error: 'origin must be an http(s) origin' }))
        return true
      }
      const attestation = this.attest(id, origin)
      // The JWT is base64url segments joined by dots, and the origin is a parsed URL origin (JSON-quoted), so both
      // are safe inside the script. The message goes to that exact origin only, never "*".
      const body =
        '<!doctype html><meta charset="utf-8"><title>verify</title><script>' +
        `parent.postMessage(JSON.stringify({type:"verify_attestation",attestation:"${attestation}"}),${JSON.stringify(origin)})` +
        '</script>'
      send(res, 200, 'text/html; charset=utf-8', body)
      return true
    }
    if (url.pathname === '/v3/public-key') {
      const expiresAt = Math.floor(Date.now() / 1000) + 24 * 60 * 60
      send(res, 200, 'application/json', JSON.stringify({ publicKey: this.publicJwk, expiresAt }))
      return true
    }
    if (url.pathname.startsWith('/attestation/')) {
      // Verify v2 lookup by hash: nothing is registered that way here; 404 makes the wallet skip it at once.
      send(res, 404, 'application/json', JSON.stringify({ error: 'unknown attestation' }))
      return true
    }
    return false
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

export function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
    'access-control-allow-origin': '*',
    'cache-control': 'no-store',
  })
  res.end(body)
}

/** The value when it is exactly an http(s) origin (scheme, host, port; no path), else undefined. */
function exactOrigin(value: string | null): string | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    return url.origin === value ? value : undefined
  } catch {
    return undefined
  }
}
