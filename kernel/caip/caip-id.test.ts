import { describe, expect, it } from 'vitest'
import { CHAIN_NAMESPACES, isChainNamespace, parseCaipAddress, parseCaipNetworkId } from './index.ts'

describe('namespaces', () => {
  it('SPEC §1 supports eip155, solana, polkadot, bip122 and cosmos', () => {
    expect([...CHAIN_NAMESPACES]).toEqual(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'])
    for (const ns of CHAIN_NAMESPACES) expect(isChainNamespace(ns)).toBe(true)
    expect(isChainNamespace('near')).toBe(false)
    expect(isChainNamespace('EIP155')).toBe(false)
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

  it.each(['eip155', 'eip155:1:0xabc', ':1', 'eip155:', '', 'near:1', 'eip155::1'])(
    'SPEC §5 CAIP-2 needs exactly 2 non-empty parts and a known namespace: %j',
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

  it.each(['eip155:1', 'eip155:1:0xabc:extra', 'eip155::0xabc', ':1:0xabc', 'eip155:1:', 'near:1:abc', ''])(
    'SPEC §5 CAIP-10 needs exactly 3 non-empty parts and a known namespace: %j',
    (id) => {
      expect(() => parseCaipAddress(id)).toThrowError(new Error('Invalid CAIP-10 address'))
    },
  )
})
