import { checksumAddress } from 'viem'
import { isAuthority, isDateTime, isPchars, isScheme, isUri } from './abnf.ts'

/**
 * EIP-4361 (Sign-In with Ethereum) and its CAIP-122 form for Solana, exactly per the ERC's ABNF:
 *
 *   [ scheme "://" ] domain " wants you to sign in with your Ethereum account:" LF
 *   address LF LF [ statement LF ] LF
 *   "URI: " uri LF "Version: " version LF "Chain ID: " chain-id LF "Nonce: " nonce LF "Issued At: " issued-at
 *   [ LF "Expiration Time: " date-time ] [ LF "Not Before: " date-time ] [ LF "Request ID: " *pchar ]
 *   [ LF "Resources:" *( LF "- " URI ) ]
 */

/** The fields of a sign-in message; names as in the public SIWE vectors. */
export interface SiweMessageFields {
  /** Optional RFC 3986 scheme in front of the domain ("https://example.com wants you ..."). */
  scheme?: string
  /** RFC 3986 authority requesting the sign-in. */
  domain: string
  /** EIP-55 checksummed address (Ethereum) or base58 public key (Solana). */
  address: string
  /** Human-readable assertion, one line. */
  statement?: string
  uri: string
  version: '1'
  /** EIP-155 chain id (Ethereum); the CAIP-2 reference (Solana). */
  chainId: number
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/** A CAIP-122 message for Solana: the chain id is the CAIP-2 reference, e.g. the genesis hash prefix. */
export type SolanaSignInFields = Omit<SiweMessageFields, 'chainId'> & { chainId: string }

/** How a chain's messages differ: the account label in the header, the address and chain id rules. */
interface ChainFlavour {
  label: 'Ethereum' | 'Solana'
  addressProblem(address: string): string | undefined
  chainId(text: string): string | number | undefined
}

const ETHEREUM: ChainFlavour = {
  label: 'Ethereum',
  addressProblem(address) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return 'must be 0x followed by 40 hex digits'
    if (checksumAddress(address as `0x${string}`) !== address) return 'must be EIP-55 checksummed'
    return undefined
  },
  chainId(text) {
    if (!/^[0-9]+$/.test(text)) return undefined
    const n = Number(text)
    return Number.isSafeInteger(n) ? n : undefined
  },
}

const SOLANA: ChainFlavour = {
  label: 'Solana',
  addressProblem: (address) => (/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address) ? undefined : 'must be a base58 public key (32 to 44 characters)'),
  chainId: (text) => (/^[-_a-zA-Z0-9]{1,32}$/.test(text) ? text : undefined),
}

/** EIP-4361 statement = *( reserved / unreserved / " " ): printable ASCII without line breaks, '"', '%', '<', '>', '\', '^', '`', '{', '|', '}'. */
const STATEMENT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/
const NONCE = /^[A-Za-z0-9]{8,}$/

/** Thrown for a message or fields that break the grammar; the message names the part. */
export class SiweMessageError extends Error {
  constructor(
    readonly part: string,
    reason: string,
  ) {
    super(`Invalid sign-in message: ${part} ${reason}`)
    this.name = 'SiweMessageError'
  }
}

function fail(part: string, reason: string): never {
  throw new SiweMessageError(part, reason)
}

function checkFields(fields: Record<string, unknown>, flavour: ChainFlavour): void {
  const str = (name: string, required: boolean): string | undefined => {
    const v = fields[name]
    if (v === undefined || v === null) {
      if (required) fail(name, 'is missing')
      return undefined
    }
    if (typeof v !== 'string') fail(name, 'must be a string')
    return v
  }
  const scheme = str('scheme', false)
  if (scheme !== undefined && !isScheme(scheme)) fail('scheme', 'is not an RFC 3986 scheme')
  const domain = str('domain', true)!
  if (!domain || !isAuthority(domain)) fail('domain', 'is not an RFC 3986 authority')
  const address = str('address', true)!
  const addressProblem = flavour.addressProblem(address)
  if (addressProblem) fail('address', addressProblem)
  const statement = str('statement', false)
  if (statement !== undefined && !STATEMENT.test(statement)) fail('statement', 'must be one line of reserved or unreserved characters and spaces')
  const uri = str('uri', true)!
  if (!isUri(uri)) fail('uri', 'is not an RFC 3986 URI')
  const version = str('version', true)
  if (version !== '1') fail('version', 'must be 1')
  const chainId = fields.chainId
  if (chainId === undefined || chainId === null) fail('chainId', 'is missing')
  if (flavour.chainId(String(chainId)) === undefined || (flavour === ETHEREUM && typeof chainId !== 'number')) fail('chainId', 'is not a valid chain id')
  const nonce = str('nonce', true)!
  if (!NONCE.test(nonce)) fail('nonce', 'must be at least 8 letters or digits')
  for (const name of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const v = str(name, name === 'issuedAt')
    if (v !== undefined && !isDateTime(v)) fail(name, 'is not an RFC 3339 date-time')
  }
  const requestId = str('requestId', false)
  if (requestId !== undefined && !isPchars(requestId)) fail('requestId', 'must be RFC 3986 pchars')
  const resources = fields.resources
  if (resources !== undefined && resources !== null) {
    if (!Array.isArray(resources)) fail('resources', 'must be a list of URIs')
    for (const [i, r] of resources.entries()) {
      if (typeof r !== 'string' || !isUri(r)) fail(`resources[${i}]`, 'is not an RFC 3986 URI')
    }
  }
}

function format(fields: SiweMessageFields | SolanaSignInFields, flavour: ChainFlavour): string {
  checkFields(fields as unknown as Record<string, unknown>, flavour)
  const prefix = fields.scheme ? `${fields.scheme}://${fields.domain}` : fields.domain
  const lines = [`${prefix} wants you to sign in with your ${flavour.label} account:`, fields.address, '']
  if (fields.statement !== undefined) lines.push(fields.statement)
  lines.push('')
  lines.push(`URI: ${fields.uri}`, `Version: ${fields.version}`, `Chain ID: ${fields.chainId}`, `Nonce: ${fields.nonce}`, `Issued At: ${fields.issuedAt}`)
  if (fields.expirationTime) lines.push(`Expiration Time: ${fields.expirationTime}`)
  if (fields.notBefore) lines.push(`Not Before: ${fields.notBefore}`)
  if (fields.requestId !== undefined) lines.push(`Request ID: ${fields.requestId}`)
  if (fields.resources) {
    lines.push('Resources:')
    for (const r of fields.resources) lines.push(`- ${r}`)
  }
  return lines.join('\n')
}

function parse(text: string, flavour: ChainFlavour): Record<string, unknown> {
  if (typeof text !== 'string') fail('message', 'must be a string')
  const lines = text.split('\n')
  let i = 0
  const next = (): string | undefined => lines[i++]
  const header = ` wants you to sign in with your ${flavour.label} account:`
  const first = next()!
  if (!first.endsWith(header)) fail('header', `must end with "${header.trim()}"`)
  const origin = first.slice(0, -header.length)
  const fields: Record<string, unknown> = {}
  const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(.*)$/.exec(origin)
  fields.domain = schemeMatch ? schemeMatch[2] : origin
  if (schemeMatch) fields.scheme = schemeMatch[1]
  if (!fields.domain || !isAuthority(fields.domain as string)) fail('domain', 'is not an RFC 3986 authority')
  const address = next()
  if (address === undefined || address === '') fail('address', 'is missing')
  const addressProblem = flavour.addressProblem(address)
  if (addressProblem) fail('address', addressProblem)
  fields.address = address
  if (next() !== '') fail('address', 'must be followed by an empty line')
  const statement = next()
  if (statement === undefined) fail('uri', 'is missing')
  if (statement !== '') {
    if (!STATEMENT.test(statement)) fail('statement', 'must be one line of reserved or unreserved characters and spaces')
    fields.statement = statement
    if (next() !== '') fail('statement', 'must be one line followed by an empty line')
  }
  const tagged = (tag: string, part: string): string => {
    const line = next()
    if (line === undefined || !line.startsWith(tag)) fail(part, `is missing (expected "${tag.trim()}" on line ${i})`)
    return line.slice(tag.length)
  }
  const uri = tagged('URI: ', 'uri')
  if (!isUri(uri)) fail('uri', 'is not an RFC 3986 URI')
  fields.uri = uri
  const version = tagged('Version: ', 'version')
  if (version !== '1') fail('version', 'must be 1')
  fields.version = version
  const chainId = flavour.chainId(tagged('Chain ID: ', 'chainId'))
  if (chainId === undefined) fail('chainId', 'is not a valid chain id')
  fields.chainId = chainId
  const nonce = tagged('Nonce: ', 'nonce')
  if (!NONCE.test(nonce)) fail('nonce', 'must be at least 8 letters or digits')
  fields.nonce = nonce
  const issuedAt = tagged('Issued At: ', 'issuedAt')
  if (!isDateTime(issuedAt)) fail('issuedAt', 'is not an RFC 3339 date-time')
  fields.issuedAt = issuedAt
  const optional: Array<[string, string, (v: string) => boolean, string]> = [
    ['Expiration Time: ', 'expirationTime', isDateTime, 'is not an RFC 3339 date-time'],
    ['Not Before: ', 'notBefore', isDateTime, 'is not an RFC 3339 date-time'],
    ['Request ID: ', 'requestId', isPchars, 'must be RFC 3986 pchars'],
  ]
  for (const [tag, part, valid, reason] of optional) {
    const line = lines[i]
    if (line === undefined || !line.startsWith(tag)) continue
    i++
    const value = line.slice(tag.length)
    if (!valid(value)) fail(part, reason)
    fields[part] = value
  }
  if (lines[i] === 'Resources:') {
    i++
    const resources: string[] = []
    while (i < lines.length && lines[i]!.startsWith('- ')) {
      const r = lines[i]!.slice(2)
      if (!isUri(r)) fail(`resources[${resources.length}]`, 'is not an RFC 3986 URI')
      resources.push(r)
      i++
    }
    fields.resources = resources
  }
  if (i < lines.length) {
    const extra = lines[i]!
    const known: Array<[string, string]> = [
      ['URI:', 'uri'], ['Version:', 'version'], ['Chain ID:', 'chainId'], ['Nonce:', 'nonce'], ['Issued At:', 'issuedAt'],
      ['Expiration Time:', 'expirationTime'], ['Not Before:', 'notBefore'], ['Request ID:', 'requestId'], ['Resources:', 'resources'],
    ]
    const out = known.find(([tag]) => extra.startsWith(tag))
    fail(out ? out[1] : 'message', out ? `is out of order (line ${i + 1})` : `has unexpected text on line ${i + 1}`)
  }
  return fields
}

/** Builds the EIP-4361 text of `fields`; throws a SiweMessageError naming the first bad field. */
export function formatSiweMessage(fields: SiweMessageFields): string {
  return format(fields, ETHEREUM)
}

/** Parses an EIP-4361 message; throws a SiweMessageError naming the bad part. */
export function parseSiweMessage(text: string): SiweMessageFields {
  return parse(text, ETHEREUM) as unknown as SiweMessageFields
}

/** Builds a CAIP-122 "Sign in with your Solana account" message. */
export function formatSolanaSignInMessage(fields: SolanaSignInFields): string {
  return format(fields, SOLANA)
}

/** Parses a CAIP-122 Solana sign-in message; throws a SiweMessageError naming the bad part. */
export function parseSolanaSignInMessage(text: string): SolanaSignInFields {
  return parse(text, SOLANA) as unknown as SolanaSignInFields
}

/** A random EIP-4361 nonce: 17 letters and digits (about 96 bits), from the platform's CSPRNG. */
export function generateNonce(length = 17): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = new Uint8Array(length * 2)
  globalThis.crypto.getRandomValues(bytes)
  let out = ''
  for (const b of bytes) {
    if (b >= 248) continue // 248 = 62 * 4: keeps the choice uniform
    out += alphabet[b % 62]
    if (out.length === length) return out
  }
  return out + generateNonce(length - out.length)
}
