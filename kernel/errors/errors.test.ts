import { describe, expect, it } from 'vitest'
import { describeWalletError, ErrorText, isUserRejection, PorticoError, ProviderRpcError } from './index.ts'

describe('PorticoError and ProviderRpcError', () => {
  it('PorticoError carries a catalogued message, code and cause', () => {
    const cause = new Error('inner')
    const err = new PorticoError(ErrorText.MODAL_CLOSED, { code: 5000, cause })
    expect(err).toBeInstanceOf(Error)
    expect(err.message).toBe('Modal closed')
    expect(err.code).toBe(5000)
    expect(err.cause).toBe(cause)
    expect(err.name).toBe('PorticoError')
    expect(new PorticoError('x').code).toBeUndefined()
  })

  it('ProviderRpcError has the EIP-1193 shape', () => {
    const err = new ProviderRpcError(4902, 'Unrecognized chain', { chainId: '0x89' })
    expect(err).toBeInstanceOf(Error)
    expect({ code: err.code, message: err.message, data: err.data }).toEqual({
      code: 4902,
      message: 'Unrecognized chain',
      data: { chainId: '0x89' },
    })
  })
})

describe('isUserRejection', () => {
  it('SPEC §8 code 4001 is a user rejection, as a class or as a plain EIP-1193 object', () => {
    expect(isUserRejection(new ProviderRpcError(4001, 'User rejected the request.'))).toBe(true)
    expect(isUserRejection({ code: 4001, message: 'rejected' })).toBe(true)
  })

  it('SPEC §8 finds 4001 under a wrapping error cause', () => {
    const wrapped = new PorticoError(ErrorText.SIGNATURE_DECLINED, { cause: { code: 4001 } })
    expect(isUserRejection(wrapped)).toBe(true)
  })

  it('other codes and non-objects are not a rejection', () => {
    expect(isUserRejection(new ProviderRpcError(4100, 'Unauthorized'))).toBe(false)
    expect(isUserRejection({ code: '4001' })).toBe(false)
    expect(isUserRejection(4001)).toBe(false)
    expect(isUserRejection(null)).toBe(false)
    expect(isUserRejection(undefined)).toBe(false)
  })
})

describe('describeWalletError', () => {
  it('shows the message of an error', () => {
    expect(describeWalletError(new Error('Signature declined'))).toBe('Signature declined')
    expect(describeWalletError({ code: 4001, message: 'User rejected' })).toBe('User rejected')
    expect(describeWalletError('plain text')).toBe('plain text')
  })

  it('SPEC §8 falls back to "An error occurred"', () => {
    expect(describeWalletError(new Error(''))).toBe('An error occurred')
    expect(describeWalletError({ code: 1 })).toBe('An error occurred')
    expect(describeWalletError(undefined)).toBe('An error occurred')
    expect(describeWalletError(42)).toBe('An error occurred')
  })
})
