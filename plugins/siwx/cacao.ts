import { formatSiweMessage, parseSiweMessage, type SiweMessageFields } from './message.ts'
import { verifySiweMessage, type SignInChecks, type SiweVerifyClient } from './verify.ts'

/**
 * A CACAO (CAIP-74, "chain agnostic capability object"): what a wallet answers to WalletConnect's
 * `wc_sessionAuthenticate` (one-click auth). Its payload is the fields of a CAIP-122 / EIP-4361 sign-in message, the
 * signer named as a `did:pkh` issuer; the signature is over that message's text.
 */
export interface Cacao {
  h: { t: 'caip122' | string }
  p: {
    domain: string
    /** did:pkh:<namespace>:<reference>:<address> */
    iss: string
    /** The message's URI. */
    aud: string
    version: string
    nonce: string
    iat: string
    exp?: string
    nbf?: string
    statement?: string
    requestId?: string
    resources?: string[]
  }
  /** eip191: an EOA's personal_sign; eip1271: a contract account's (checked on chain, EIP-1271 / EIP-6492). */
  s: { t: 'eip191' | 'eip1271' | string; s: string; m?: string }
}

/** Thrown for a cacao that is not an eip155 sign-in, or whose ReCap cannot be read. */
export class CacaoError extends Error {
  constructor(reason: string) {
    super(`Invalid cacao: ${reason}`)
    this.name = 'CacaoError'
  }
}

const DID_PKH = /^did:pkh:(eip155):([0-9]{1,32}):(0x[0-9a-fA-F]{40})$/
const RECAP_PREFIX = 'urn:recap:'
const RECAP_STATEMENT = 'I further authorize the stated URI to perform the following actions on my behalf: '

/** The eip155 account a cacao's issuer names: CAIP-10 parts. */
export function cacaoAccount(cacao: Cacao): { namespace: 'eip155'; chainId: number; address: string; caipAddress: string } {
  const match = DID_PKH.exec(cacao?.p?.iss ?? '')
  if (!match) throw new CacaoError('the issuer is not a did:pkh eip155 account')
  const [, namespace, reference, address] = match as unknown as [string, 'eip155', string, string]
  return { namespace, chainId: Number(reference), address, caipAddress: `${namespace}:${reference}:${address}` }
}

/** Decodes a ReCap (EIP-5573) resource: `urn:recap:` + unpadded base64url of `{ att: { resource: { ability: [...] } } }`. */
export function decodeRecap(resource: string): { att: Record<string, Record<string, unknown[]>> } {
  if (!resource.startsWith(RECAP_PREFIX)) throw new CacaoError('the last resource is not a ReCap')
  const b64 = resource.slice(RECAP_PREFIX.length).replace(/-/g, '+').replace(/_/g, '/')
  let decoded: unknown
  try {
    const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
    decoded = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))))
  } catch {
    throw new CacaoError('the ReCap is not base64 JSON')
  }
  const att = (decoded as { att?: unknown } | null)?.att
  if (typeof att !== 'object' || att === null) throw new CacaoError('the ReCap has no attenuations')
  for (const abilities of Object.values(att)) {
    if (typeof abilities !== 'object' || abilities === null) throw new CacaoError('a ReCap resource has no abilities')
    for (const [ability, limits] of Object.entries(abilities)) {
      if (!ability.includes('/') || !Array.isArray(limits)) throw new CacaoError(`the ReCap ability "${ability}" is malformed`)
    }
  }
  return { att } as { att: Record<string, Record<string, unknown[]>> }
}

/** The ReCap among a message's resources: by EIP-5573 always the last one. */
export function recapOf(resources: readonly string[] | undefined): string | undefined {
  const last = resources?.[resources.length - 1]
  return last?.startsWith(RECAP_PREFIX) ? last : undefined
}

/** The methods a ReCap lets the URI request (`request/<method>` abilities of its eip155 resource). */
export function recapMethods(resource: string): string[] {
  const eip155 = decodeRecap(resource).att.eip155 ?? {}
  return Object.keys(eip155).filter((a) => a.startsWith('request/')).map((a) => a.slice('request/'.length))
}

/**
 * EIP-5573's statement: the app's statement, then "I further authorize the stated URI to perform the following
 * actions on my behalf: (1) 'request': 'eth_sendTransaction', 'personal_sign' for 'eip155'." (actions sorted, numbered
 * per resource and ability, as wallets render it).
 */
export function recapStatement(statement: string | undefined, resource: string): string {
  const own = statement ?? ''
  if (own.includes(RECAP_STATEMENT)) return own
  const { att } = decodeRecap(resource)
  let n = 0
  const parts = Object.keys(att).map((target) => {
    const byAbility = new Map<string, string[]>()
    const pairs = Object.keys(att[target]!).map((key) => {
      const [ability = '', action = ''] = key.split('/')
      return { ability, action }
    })
    pairs.sort((a, b) => a.action.localeCompare(b.action))
    for (const { ability, action } of pairs) byAbility.set(ability, [...(byAbility.get(ability) ?? []), action])
    return [...byAbility].map(([ability, actions]) => `(${++n}) '${ability}': '${actions.join("', '")}' for '${target}'.`).join(', ').replace('.,', '.')
  })
  return `${own ? `${own} ` : ''}${RECAP_STATEMENT}${parts.join(' ')}`
}

/** The EIP-4361 fields of the message a cacao's signature is over. */
export function cacaoFields(cacao: Cacao): SiweMessageFields {
  if (cacao?.h?.t !== 'caip122' && cacao?.h?.t !== 'eip4361') throw new CacaoError(`unsupported header type ${String(cacao?.h?.t)}`)
  const { chainId, address } = cacaoAccount(cacao)
  const p = cacao.p
  if (p.version !== '1') throw new CacaoError(`unsupported version ${String(p.version)}`)
  const recap = recapOf(p.resources)
  const statement = recap ? recapStatement(p.statement, recap) : p.statement || undefined
  const fields: SiweMessageFields = {
    domain: p.domain,
    address,
    statement,
    uri: p.aud,
    version: '1',
    chainId,
    nonce: p.nonce,
    issuedAt: p.iat,
    expirationTime: p.exp,
    notBefore: p.nbf,
    requestId: p.requestId,
    resources: p.resources?.length ? [...p.resources] : undefined,
  }
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as unknown as SiweMessageFields
}

/**
 * The text of the sign-in message a cacao signs: EIP-4361, with the ReCap's statement. Throws (CacaoError,
 * SiweMessageError) when the cacao cannot be one.
 */
export function cacaoMessage(cacao: Cacao): string {
  const text = formatSiweMessage(cacaoFields(cacao))
  // The text must read back as the same message (the grammar is checked on both sides).
  parseSiweMessage(text)
  return text
}

export interface VerifyCacaoArgs extends SignInChecks {
  cacao: Cacao
  /** A viem client for contract accounts (EIP-1271, EIP-6492); without it only EOA signatures verify. */
  client?: SiweVerifyClient
}

/**
 * Verifies a cacao exactly as a sign-in message: its message text (cacaoMessage) and signature go through
 * verifySiweMessage, so domain, nonce, expiry, not-before and contract accounts are checked the same way. Resolves
 * false when refused; rejects for a cacao that is not a sign-in message.
 */
export async function verifyCacao(args: VerifyCacaoArgs): Promise<boolean> {
  const { cacao, ...checks } = args
  return verifySiweMessage({ ...checks, message: cacaoMessage(cacao), signature: cacao.s?.s ?? '' })
}
