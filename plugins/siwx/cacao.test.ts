import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { cacaoAccount, cacaoMessage, CacaoError, recapMethods, verifyCacao, type Cacao } from './index.ts'

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const NOW = Date.parse('2026-03-01T10:00:00.000Z')
/** A ReCap as WalletConnect encodes it: base64 of the JSON, padding dropped. */
const recap = (att: unknown) => `urn:recap:${Buffer.from(JSON.stringify({ att })).toString('base64').replace(/=/g, '')}`

const base = (over: Partial<Cacao['p']> = {}): Cacao => ({
  h: { t: 'caip122' },
  p: {
    domain: 'app.example',
    iss: `did:pkh:eip155:1:${account.address}`,
    aud: 'https://app.example/login',
    version: '1',
    nonce: 'abcdef1234567890',
    iat: '2026-03-01T09:59:00.000Z',
    exp: '2026-03-01T11:00:00.000Z',
    statement: 'Sign in to Example',
    resources: [recap({ eip155: { 'request/personal_sign': [{ chains: ['eip155:1'] }], 'request/eth_sendTransaction': [{ chains: ['eip155:1'] }] } })],
    ...over,
  },
  s: { t: 'eip191', s: '' },
})
const sign = async (c: Cacao): Promise<Cacao> => ({ ...c, s: { t: 'eip191', s: await account.signMessage({ message: cacaoMessage(c) }) } })

describe('cacao (one-click auth) as a sign-in message', () => {
  it('formats the EIP-4361 text with the EIP-5573 ReCap statement (actions sorted, numbered)', () => {
    expect(cacaoMessage(base())).toBe(
      [
        'app.example wants you to sign in with your Ethereum account:',
        account.address,
        '',
        "Sign in to Example I further authorize the stated URI to perform the following actions on my behalf: (1) 'request': 'eth_sendTransaction', 'personal_sign' for 'eip155'.",
        '',
        'URI: https://app.example/login',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: abcdef1234567890',
        'Issued At: 2026-03-01T09:59:00.000Z',
        'Expiration Time: 2026-03-01T11:00:00.000Z',
        'Resources:',
        `- ${base().p.resources![0]}`,
      ].join('\n'),
    )
    // A statement that already carries the ReCap text (as WalletKit's populated payload does) is kept as it is.
    const populated = cacaoMessage(base())
    const again = base({ statement: populated.split('\n')[3] })
    expect(cacaoMessage(again)).toBe(populated)
    expect(recapMethods(base().p.resources![0]!)).toEqual(['personal_sign', 'eth_sendTransaction'])
    expect(cacaoAccount(base())).toEqual({ namespace: 'eip155', chainId: 1, address: account.address, caipAddress: `eip155:1:${account.address}` })
  })

  it('verifies like a signed message: domain, nonce, expiry and signer are checked', async () => {
    const signed = await sign(base())
    expect(await verifyCacao({ cacao: signed, domain: 'app.example', nonce: 'abcdef1234567890', time: NOW })).toBe(true)
    expect(await verifyCacao({ cacao: signed, domain: 'other.example', time: NOW })).toBe(false)
    expect(await verifyCacao({ cacao: signed, nonce: 'zzzzzzzzzzzzzzzz', time: NOW })).toBe(false)
    expect(await verifyCacao({ cacao: signed, time: Date.parse('2026-03-01T11:00:00.000Z') })).toBe(false)
    // Any change to the payload breaks the signature (here the ReCap's methods).
    const widened = { ...signed, p: { ...signed.p, resources: [recap({ eip155: { 'request/eth_sign': [{}] } })] } }
    expect(await verifyCacao({ cacao: widened, time: NOW })).toBe(false)
  })

  it('refuses what is not an eip155 sign-in: another issuer, header or version, an unreadable ReCap', () => {
    expect(() => cacaoMessage(base({ iss: 'did:pkh:solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ:abc' }))).toThrow(CacaoError)
    expect(() => cacaoMessage({ ...base(), h: { t: 'jwt' } })).toThrow('Invalid cacao: unsupported header type jwt')
    expect(() => cacaoMessage(base({ version: '2' }))).toThrow('Invalid cacao: unsupported version 2')
    expect(() => cacaoMessage(base({ resources: ['urn:recap:!!!'] }))).toThrow('Invalid cacao: the ReCap is not base64 JSON')
    expect(() => cacaoMessage(base({ resources: [recap({ eip155: { nonsense: [] } })] }))).toThrow('the ReCap ability "nonsense" is malformed')
    // The statement may not smuggle a line break into the message (it would forge other fields).
    expect(() => cacaoMessage(base({ resources: undefined, statement: 'hi\nNonce: 00000000' }))).toThrow()
  })
})
