import { describe, expect, it } from 'vitest'
import { describeRequest } from './describe.ts'
import { parseSigningRequest, SigningRequestError } from '../requests.ts'

const DELEGATE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const panel = (params: unknown) => describeRequest(parseSigningRequest('portico_setDelegation', params), 31337)
const row = (rows: Array<{ label: string; value: string }>, label: string) => rows.find((r) => r.label === label)?.value

describe('issue 29 part 2: the EIP-7702 authorization panel', () => {
  it('an upgrade explains delegation, names the delegate and its address, the chain, the risk and how to undo it', () => {
    const d = panel([{ chainId: '0x7a69', address: DELEGATE }])
    expect(d.title).toBe('Upgrade account')
    expect(row(d.rows, 'What this does')).toMatch(/EIP-7702 authorization: your account keeps its address, key and assets, and runs the code of a delegate contract/)
    expect(row(d.rows, 'Delegate')).toMatch(/^Portico Delegate/)
    expect(row(d.rows, 'Delegate contract')).toBe(DELEGATE)
    expect(d.rows.find((r) => r.label === 'Warning')).toMatchObject({ warning: true, value: expect.stringMatching(/acts for your account/) })
    expect(row(d.rows, 'Network (chain id)')).toBe('31337')
    expect(row(d.rows, 'Undo')).toMatch(/revoke/)
    expect(row(d.rows, 'Fee')).toBe("The app's sponsor pays the gas if it agrees; otherwise your account pays the gas of one transaction.")
  })

  it('address 0 is a revocation, said as such', () => {
    const d = panel([{ chainId: '0x7a69', address: '0x0000000000000000000000000000000000000000' }])
    expect(d.title).toBe('Revoke account upgrade')
    expect(row(d.rows, 'What this does')).toMatch(/code is cleared/)
    expect(row(d.rows, 'Network (chain id)')).toBe('31337')
    // A revoke is never sponsored (no delegate code is left for the EntryPoint to call).
    expect(row(d.rows, 'Fee')).toBe('Your account pays the gas of one transaction.')
  })

  it('malformed requests and chain id 0 are refused with -32602 before any panel', () => {
    const refused = (params: unknown, text: RegExp) => {
      let err: unknown
      try {
        parseSigningRequest('portico_setDelegation', params)
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(SigningRequestError)
      expect((err as SigningRequestError).code).toBe(-32602)
      expect((err as Error).message).toMatch(text)
    }
    refused([{ chainId: '0x0', address: DELEGATE }], /an authorization for chain id 0 would be valid on every chain/)
    refused([{ chainId: 31337, address: DELEGATE }], /chainId must be a hex chain id/)
    refused([{ chainId: '0x7a69' }], /address must be the delegate contract/)
    refused([{ chainId: '0x7a69', address: DELEGATE, nonce: '0x1' }], /unknown field "nonce"/)
    refused([], /expects \[\{ chainId, address \}\]/)
  })
})
