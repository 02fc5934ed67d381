import { base58, base64 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { describeApproval, formatEther } from './describe.ts'

const hex = (s: string) => `0x${Buffer.from(s, 'utf8').toString('hex')}`

describe('approval description', () => {
  it('personal_sign shows the decoded text', () => {
    expect(describeApproval('personal_sign', [hex('Hello Portico\nline 2'), '0xabc'], 1)).toEqual({
      title: 'Sign message',
      rows: [
        { label: 'Message', value: 'Hello Portico\nline 2' },
        { label: 'Network', value: '1' },
      ],
    })
  })

  it('personal_sign of binary bytes shows the hex', () => {
    const d = describeApproval('personal_sign', ['0x00ff10', '0xabc'])
    expect(d.rows).toEqual([{ label: 'Message (hex)', value: '0x00ff10', code: true }])
  })

  it('personal_sign of a plain string shows it as is', () => {
    expect(describeApproval('personal_sign', ['gm', '0xabc']).rows[0]).toEqual({ label: 'Message', value: 'gm' })
  })

  it('eth_sendTransaction shows to, value and data', () => {
    const d = describeApproval('eth_sendTransaction', [{ from: '0xf0', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x2386f26fc10000', data: '0xa9059cbb' }], 31337)
    expect(d.title).toBe('Approve transaction')
    expect(d.rows).toEqual([
      { label: 'From', value: '0xf0', code: true },
      { label: 'To', value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', code: true },
      { label: 'Value', value: '0.01 ETH' },
      { label: 'Data', value: '0xa9059cbb', code: true },
      { label: 'Network', value: '31337' },
    ])
  })

  it('eth_sendTransaction without value or data', () => {
    const d = describeApproval('eth_sendTransaction', [{ to: '0x01' }])
    expect(d.rows).toContainEqual({ label: 'Value', value: '0 ETH' })
    expect(d.rows).toContainEqual({ label: 'Data', value: 'None', code: false })
  })

  it('formatEther', () => {
    expect(formatEther('0xde0b6b3a7640000')).toBe('1')
    expect(formatEther(1500000000000000000n)).toBe('1.5')
    expect(formatEther('1')).toBe('0.000000000000000001')
    expect(formatEther(undefined)).toBe('0')
    expect(formatEther('junk')).toBe('junk')
  })

  it('eth_signTypedData_v4 shows domain, type and message', () => {
    const typed = { domain: { name: 'Ether Mail', chainId: 1 }, primaryType: 'Mail', types: {}, message: { contents: 'Hello, Bob!' } }
    const d = describeApproval('eth_signTypedData_v4', ['0xabc', JSON.stringify(typed)])
    expect(d.title).toBe('Sign message')
    expect(d.rows).toEqual([
      { label: 'Domain', value: 'Ether Mail' },
      { label: 'Type', value: 'Mail' },
      { label: 'Message', value: JSON.stringify({ contents: 'Hello, Bob!' }, null, 2), code: true },
    ])
  })

  it('solana_signMessage decodes base58 text', () => {
    const message = base58.encode(new TextEncoder().encode('Sign in to Portico'))
    expect(describeApproval('solana_signMessage', { message }).rows).toEqual([{ label: 'Message', value: 'Sign in to Portico' }])
  })

  it('solana transactions show their size', () => {
    const tx = base64.encode(new Uint8Array(120))
    const d = describeApproval('solana_signAndSendTransaction', { transaction: tx }, 'solana:dev')
    expect(d.title).toBe('Approve transaction')
    expect(d.rows).toEqual([
      { label: 'Transaction (120 bytes)', value: tx, code: true },
      { label: 'Action', value: 'Sign and send' },
      { label: 'Network', value: 'solana:dev' },
    ])
  })

  it('wallet_sendCalls lists every call of the batch', () => {
    const d = describeApproval(
      'wallet_sendCalls',
      [{ version: '2.0.0', calls: [{ to: '0x00000000000000000000000000000000000000aa', value: '0xde0b6b3a7640000' }, { to: '0x00000000000000000000000000000000000000bb', data: '0x1234' }] }],
      31337,
    )
    expect(d.title).toBe('Approve transaction')
    expect(d.rows).toEqual([
      { label: 'Batch', value: '2 calls in one operation' },
      { label: 'Call 1 to', value: '0x00000000000000000000000000000000000000aa', code: true },
      { label: 'Call 1 value', value: '1 ETH' },
      { label: 'Call 1 data', value: 'None', code: false },
      { label: 'Call 2 to', value: '0x00000000000000000000000000000000000000bb', code: true },
      { label: 'Call 2 value', value: '0 ETH' },
      { label: 'Call 2 data', value: '0x1234', code: true },
      { label: 'Network', value: '31337' },
    ])
  })

  it('wallet_grantPermissions shows expiry, signer and each permission; revoke shows the context', () => {
    const d = describeApproval('wallet_grantPermissions', [
      { expiry: 1_800_000_000, signer: { type: 'account', data: { id: '0xabc' } }, permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1' } }] },
    ])
    expect(d.title).toBe('Grant permissions')
    expect(d.rows[0]).toEqual({ label: 'Expires', value: '2027-01-15T08:00:00.000Z' })
    expect(d.rows[1]).toEqual({ label: 'Signer', value: 'account' })
    expect(d.rows[3]!.label).toBe('Permission 1: native-token-recurring-allowance')
    expect(JSON.parse(d.rows[3]!.value)).toEqual({ data: { allowance: '0x1' } })
    const r = describeApproval('wallet_revokePermissions', [{ permissionContext: '0x01' }])
    expect(r).toEqual({ title: 'Revoke permissions', rows: [{ label: 'Permission', value: '0x01', code: true }] })
  })
})
