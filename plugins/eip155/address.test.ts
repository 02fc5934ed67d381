import { describe, expect, it } from 'vitest'
import { hasEvmAddressForm, isEvmAddress, toChecksumAddress } from './address.ts'

// Vectors from EIP-55 itself.
const EIP55 = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0xde709f2102306220921060314715629080e2fb77',
]

/** Flips the case of the first letter in the address body: the checksum no longer matches. */
function breakCase(addr: string): string {
  const body = addr.slice(2)
  const i = body.search(/[a-fA-F]/)
  const ch = body[i] as string
  const flipped = ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()
  return `0x${body.slice(0, i)}${flipped}${body.slice(i + 1)}`
}

describe('toChecksumAddress', () => {
  it.each(EIP55)('EIP-55 vector %s', (addr) => {
    expect(toChecksumAddress(addr.toLowerCase())).toBe(addr)
    expect(toChecksumAddress(addr.slice(2).toUpperCase())).toBe(addr)
  })

  it('rejects a non-address', () => {
    expect(() => toChecksumAddress('0x1234')).toThrow(TypeError)
  })
})

describe('isEvmAddress', () => {
  it('SPEC §5 EVM address is 0x plus 40 hex', () => {
    expect(isEvmAddress('0x' + 'a'.repeat(40))).toBe(true)
    expect(isEvmAddress('0x' + 'a'.repeat(39))).toBe(false)
    expect(isEvmAddress('0x' + 'a'.repeat(41))).toBe(false)
    expect(isEvmAddress('0x' + 'g'.repeat(40))).toBe(false)
    expect(isEvmAddress('0X' + 'a'.repeat(40))).toBe(false)
    expect(isEvmAddress('')).toBe(false)
  })

  it('SPEC §5 the prefix is required by default and optional with requirePrefix: false', () => {
    const bare = '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
    expect(isEvmAddress(bare)).toBe(false)
    expect(isEvmAddress(bare, { requirePrefix: false })).toBe(true)
    expect(isEvmAddress('0x' + bare, { requirePrefix: false })).toBe(true)
    expect(isEvmAddress(bare.slice(1), { requirePrefix: false })).toBe(false)
  })

  it.each(EIP55)('SPEC §5 strict mode accepts the EIP-55 vector %s', (addr) => {
    expect(isEvmAddress(addr, { strict: true })).toBe(true)
  })

  it.each(EIP55.filter((a) => /[a-f]/.test(a.slice(2)) && /[A-F]/.test(a.slice(2))))(
    'SPEC §5 mixed case needs a valid checksum in strict mode: broken %s',
    (addr) => {
      const broken = breakCase(addr)
      expect(broken).not.toBe(addr)
      expect(isEvmAddress(broken, { strict: true })).toBe(false)
      expect(isEvmAddress(broken)).toBe(true)
      expect(isEvmAddress(broken.slice(2), { strict: true, requirePrefix: false })).toBe(false)
    },
  )

  it('SPEC §5 strict mode accepts all-lower and all-upper addresses', () => {
    const addr = EIP55[0] as string
    expect(isEvmAddress(addr.toLowerCase(), { strict: true })).toBe(true)
    expect(isEvmAddress('0x' + addr.slice(2).toUpperCase(), { strict: true })).toBe(true)
  })
})

describe('hasEvmAddressForm (the check the plugin itself uses, no keccak)', () => {
  it('SPEC §5 form: 0x + 40 hex, prefix optional only when asked; a wrong checksum is not its concern', () => {
    const addr = EIP55[0] as string
    const badChecksum = addr.slice(0, -1) + (addr.endsWith('d') ? 'D' : 'd')
    expect(hasEvmAddressForm(addr)).toBe(true)
    expect(hasEvmAddressForm(badChecksum)).toBe(true)
    expect(isEvmAddress(badChecksum, { strict: true })).toBe(false)
    expect(hasEvmAddressForm(addr.slice(2))).toBe(false)
    expect(hasEvmAddressForm(addr.slice(2), false)).toBe(true)
    expect(hasEvmAddressForm(addr + '0')).toBe(false)
    expect(hasEvmAddressForm('0x' + 'g'.repeat(40))).toBe(false)
    expect(hasEvmAddressForm(42 as unknown as string)).toBe(false)
  })
})
