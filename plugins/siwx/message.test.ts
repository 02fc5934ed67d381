import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  formatSiweMessage,
  formatSolanaSignInMessage,
  generateNonce,
  parseSiweMessage,
  parseSolanaSignInMessage,
  verifySiweMessage,
  verifySolanaSignInMessage,
  type SiweMessageFields,
} from './index.ts'

const VECTORS = join(import.meta.dirname, '../../tests/vectors/siwe/spruceid-main')
const load = <T,>(file: string): Record<string, T> => JSON.parse(readFileSync(join(VECTORS, file), 'utf8')) as Record<string, T>

/** The vectors write absent optional fields as null (scheme); our fields leave them out. */
const withoutNulls = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null))

type VerificationCase = SiweMessageFields & { signature: string; time?: string; domainBinding?: string; matchNonce?: string }
const verificationFields = ({ signature: _s, time: _t, domainBinding: _d, matchNonce: _m, ...fields }: VerificationCase) => fields as SiweMessageFields

describe('EIP-4361 public vectors (spruceid)', () => {
  const positive = load<{ message: string; fields: Record<string, unknown> }>('parsing_positive.json')
  it.each(Object.entries(positive))('parses and formats back: %s', (_name, { message, fields }) => {
    expect(parseSiweMessage(message)).toEqual(withoutNulls(fields))
    expect(formatSiweMessage(withoutNulls(fields) as unknown as SiweMessageFields)).toBe(message)
  })

  const negative = load<string>('parsing_negative.json')
  it.each(Object.entries(negative))('refuses the message: %s', (name, message) => {
    expect(() => parseSiweMessage(message)).toThrow(/Invalid sign-in message: /)
    // A "missing X" message names X.
    const missing = /^missing (\w+)$/.exec(name)
    if (missing) expect(() => parseSiweMessage(message)).toThrow(new RegExp(`: ${missing[1]} `))
  })

  const negativeObjects = load<Record<string, unknown>>('parsing_negative_objects.json')
  it.each(Object.entries(negativeObjects))('refuses to format the fields: %s', (name, fields) => {
    expect(() => formatSiweMessage(fields as unknown as SiweMessageFields)).toThrow(/Invalid sign-in message: /)
    const missing = /^missing (\w+)$/.exec(name)
    if (missing) expect(() => formatSiweMessage(fields as unknown as SiweMessageFields)).toThrow(new RegExp(`: ${missing[1]} is missing`))
  })

  const verifyPositive = load<VerificationCase>('verification_positive.json')
  it.each(Object.entries(verifyPositive))('verifies: %s', async (_name, c) => {
    expect(await verifySiweMessage({ message: verificationFields(c), signature: c.signature, time: c.time })).toBe(true)
    // The same message checked against its own domain and nonce still passes.
    expect(await verifySiweMessage({ message: formatSiweMessage(verificationFields(c)), signature: c.signature, time: c.time, domain: c.domain, nonce: c.nonce })).toBe(true)
  })

  const verifyNegative = load<VerificationCase>('verification_negative.json')
  it.each(Object.entries(verifyNegative))('does not verify: %s', async (_name, c) => {
    const outcome = verifySiweMessage({ message: verificationFields(c), signature: c.signature, time: c.time, domain: c.domainBinding, nonce: c.matchNonce })
    // False, or a rejection for a message that breaks the grammar (an impossible date).
    expect(await outcome.catch((e: Error) => e.message)).not.toBe(true)
    const settled = await outcome.then((v) => ({ v }), (e: Error) => ({ e }))
    if ('v' in settled) expect(settled.v).toBe(false)
    else expect(settled.e.message).toMatch(/Invalid sign-in message: (issuedAt|notBefore|expirationTime) /)
  })
})

describe('EIP-4361 with a local key', () => {
  const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
  const fields = (over: Partial<SiweMessageFields> = {}): SiweMessageFields => ({
    domain: 'app.example:5173',
    address: account.address,
    statement: 'Sign in to Portico',
    uri: 'http://app.example:5173/',
    version: '1',
    chainId: 31337,
    nonce: generateNonce(),
    issuedAt: '2026-01-01T00:00:00.000Z',
    expirationTime: '2026-01-02T00:00:00.000Z',
    ...over,
  })

  it('a signed message verifies; a changed one, another signer, another domain or nonce, an expired or early one do not', async () => {
    const f = fields({ notBefore: '2026-01-01T00:00:00.000Z' })
    const message = formatSiweMessage(f)
    const signature = await account.signMessage({ message })
    const at = '2026-01-01T12:00:00Z'
    expect(await verifySiweMessage({ message, signature, time: at, domain: f.domain, nonce: f.nonce })).toBe(true)
    expect(await verifySiweMessage({ message: message.replace('Sign in to Portico', 'Sign in to Porticx'), signature, time: at })).toBe(false)
    expect(await verifySiweMessage({ message, signature, time: at, domain: 'evil.example' })).toBe(false)
    expect(await verifySiweMessage({ message, signature, time: at, nonce: 'otherNonce123' })).toBe(false)
    expect(await verifySiweMessage({ message, signature, time: '2026-01-02T00:00:00.000Z' })).toBe(false)
    expect(await verifySiweMessage({ message, signature, time: '2025-12-31T23:59:59.999Z' })).toBe(false)
    const other = await privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a').signMessage({ message })
    expect(await verifySiweMessage({ message, signature: other, time: at })).toBe(false)
    expect(await verifySiweMessage({ message, signature: '0x1234', time: at })).toBe(false)
  })

  it('nonces are 17 letters and digits and differ', () => {
    const a = generateNonce()
    expect(a).toMatch(/^[A-Za-z0-9]{17}$/)
    expect(generateNonce()).not.toBe(a)
  })
})

describe('CAIP-122 Solana sign-in', () => {
  const secret = new Uint8Array(32).map((_, i) => i + 1)
  const address = base58.encode(ed25519.getPublicKey(secret))
  const fields = {
    domain: 'app.example',
    address,
    statement: 'Sign in to Portico',
    uri: 'https://app.example/login',
    version: '1' as const,
    chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    nonce: 'abcdefgh1234',
    issuedAt: '2026-01-01T00:00:00Z',
  }

  it('says "wants you to sign in with your Solana account:" and parses back', () => {
    const message = formatSolanaSignInMessage(fields)
    expect(message.split('\n')[0]).toBe('app.example wants you to sign in with your Solana account:')
    expect(message).toContain('\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\n')
    expect(parseSolanaSignInMessage(message)).toEqual(fields)
    expect(() => parseSolanaSignInMessage(message.replace(address, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'))).toThrow(/: address /)
    expect(() => parseSiweMessage(message)).toThrow(/: header /)
  })

  it('verifies an ed25519 signature by the address; refuses a changed message or another key', async () => {
    const message = formatSolanaSignInMessage(fields)
    const signature = ed25519.sign(new TextEncoder().encode(message), secret)
    expect(await verifySolanaSignInMessage({ message, signature: base58.encode(signature), domain: 'app.example', nonce: 'abcdefgh1234' })).toBe(true)
    expect(await verifySolanaSignInMessage({ message: message.replace('Portico', 'Porticx'), signature })).toBe(false)
    const otherSig = ed25519.sign(new TextEncoder().encode(message), new Uint8Array(32).fill(9))
    expect(await verifySolanaSignInMessage({ message, signature: otherSig })).toBe(false)
    expect(await verifySolanaSignInMessage({ message, signature, domain: 'evil.example' })).toBe(false)
  })
})
