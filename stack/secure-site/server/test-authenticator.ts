/**
 * A software WebAuthn authenticator for the secure site's tests (issue 28 part 1): a P-256 key made with node:crypto
 * per credential, packed `none` attestations and assertions built byte by byte as an authenticator does (authenticator
 * data, COSE key, CBOR attestation object, ECDSA-SHA256 signature over authData ‖ SHA-256(clientDataJSON)), in the
 * JSON shape @simplewebauthn/browser resolves. Every field a test wants to get wrong can be overridden.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64url = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url')
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest()

/** Authenticator data flags (WebAuthn §6.1). */
export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const

export type SoftCredential = { id: Buffer; privateKey: KeyObject; cose: Uint8Array; userHandle?: string; counter: number }

export type CeremonyOverrides = {
  /** clientDataJSON's origin (default: the expected origin given). */
  origin?: string
  /** The RP id whose hash starts the authenticator data (default: the options' RP id). */
  rpId?: string
  /** clientDataJSON's challenge (default: the options'). */
  challenge?: string
  /** Authenticator data flags (default: UP | UV | BE | BS, plus AT for a registration). */
  flags?: number
  /** The signature counter to report (default: the credential's counter + 1 for an assertion, 0 for a registration). */
  counter?: number
  /** clientDataJSON's type. */
  type?: string
  /** Framed by another origin: clientDataJSON's crossOrigin true and this topOrigin (as Chromium reports in an iframe). */
  topOrigin?: string
}

function authData(rpId: string, flags: number, counter: number, attested?: { id: Buffer; cose: Uint8Array }): Buffer {
  const count = Buffer.alloc(4)
  count.writeUInt32BE(counter)
  const parts: Uint8Array[] = [sha256(rpId), Buffer.from([flags]), count]
  if (attested) {
    const len = Buffer.alloc(2)
    len.writeUInt16BE(attested.id.length)
    parts.push(Buffer.alloc(16), len, attested.id, Buffer.from(attested.cose))
  }
  return Buffer.concat(parts)
}

function clientData(type: string, challenge: string, origin: string, topOrigin?: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: topOrigin !== undefined, ...(topOrigin ? { topOrigin } : {}) }))
}

export function createSoftAuthenticator() {
  const credentials = new Map<string, SoftCredential>()
  return {
    credentials,
    /** navigator.credentials.create: a new resident credential for `options` (server's creation options JSON). */
    register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string, o: CeremonyOverrides = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string }
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x, 'base64url')],
          [-3, Buffer.from(jwk.y, 'base64url')],
        ]),
      )
      const id = randomBytes(32)
      const cred: SoftCredential = { id, privateKey, cose, userHandle: options.user.id, counter: o.counter ?? 0 }
      credentials.set(b64url(id), cred)
      const flags = o.flags ?? FLAGS.UP | FLAGS.UV | FLAGS.BE | FLAGS.BS | FLAGS.AT
      const data = authData(o.rpId ?? options.rp.id!, flags, cred.counter, { id, cose })
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', data]]) as never)
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData(o.type ?? 'webauthn.create', o.challenge ?? options.challenge, o.origin ?? origin, o.topOrigin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      }
    },
    /** navigator.credentials.get with a discoverable credential (the first, or `credentialId`). */
    assert(options: { challenge: string; rpId?: string }, origin: string, o: CeremonyOverrides & { credentialId?: string } = {}) {
      const cred = o.credentialId ? credentials.get(o.credentialId) : credentials.values().next().value
      if (!cred) throw new Error('soft authenticator: no credential')
      cred.counter = o.counter ?? cred.counter + 1
      const data = authData(o.rpId ?? options.rpId!, o.flags ?? FLAGS.UP | FLAGS.UV | FLAGS.BE | FLAGS.BS, cred.counter)
      const cd = clientData(o.type ?? 'webauthn.get', o.challenge ?? options.challenge, o.origin ?? origin, o.topOrigin)
      const signature = sign('sha256', Buffer.concat([data, sha256(cd)]), cred.privateKey)
      return {
        id: b64url(cred.id),
        rawId: b64url(cred.id),
        type: 'public-key' as const,
        response: { clientDataJSON: b64url(cd), authenticatorData: b64url(data), signature: b64url(signature), ...(cred.userHandle ? { userHandle: cred.userHandle } : {}) },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      }
    },
  }
}
