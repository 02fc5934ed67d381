import { describe, expect, it } from 'vitest'
import { isChainNamespace, parseCaipAddress, parseCaipNetworkId } from './index.ts'

describe('namespaces', () => {
  it('namespaces are open: any CAIP-2 namespace syntax (3 to 8 of [-a-z0-9]) is accepted', () => {
    for (const ns of ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'near', 'tron']) expect(isChainNamespace(ns)).toBe(true)
    expect(isChainNamespace('EIP155')).toBe(false)
    expect(isChainNamespace('ab')).toBe(false)
    expect(isChainNamespace('ninechars')).toBe(false)
    expect(isChainNamespace(1)).toBe(false)
  })
})

describe('parseCaipNetworkId', () => {
  it('SPEC §5 CAIP-2 parses namespace and reference', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
  })

  it.each(['eip155', 'eip155:1:0xabc', ':1', 'eip155:', '', 'NEAR:1', 'eip155::1', 'eip155:a b'])(
    'SPEC §5 CAIP-2 needs exactly 2 non-empty parts in CAIP syntax: %j',
    (id) => {
      expect(() => parseCaipNetworkId(id)).toThrowError(new Error('Invalid CAIP-2 network id'))
    },
  )
})

describe('parseCaipAddress', () => {
  it('SPEC §5 CAIP-10 parses namespace, reference and address', () => {
    expect(parseCaipAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
    })
  })

  it.each(['eip155:1', 'eip155:1:0xabc:extra', 'eip155::0xabc', ':1:0xabc', 'eip155:1:', 'X:1:abc', '', 'eip155:1:0x/bc'])(
    'SPEC §5 CAIP-10 needs exactly 3 non-empty parts in CAIP syntax: %j',
    (id) => {
      expect(() => parseCaipAddress(id)).toThrowError(new Error('Invalid CAIP-10 address'))
    },
  )
})
