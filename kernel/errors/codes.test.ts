import { describe, expect, it } from 'vitest'
import {
  DEFAULT_ERROR_CODE,
  INVALID_CHAIN_ID_CODE,
  isCapabilityErrorCode,
  isDisconnectedCode,
  JsonRpcErrorCode,
  WalletErrorCode,
} from './index.ts'

describe('error codes', () => {
  it('SPEC §8 JSON-RPC codes -32700 ... -32006', () => {
    expect(JsonRpcErrorCode).toEqual({
      PARSE_ERROR: -32700,
      INVALID_REQUEST: -32600,
      METHOD_NOT_FOUND: -32601,
      INVALID_PARAMS: -32602,
      INTERNAL_ERROR: -32603,
      INVALID_INPUT: -32000,
      RESOURCE_NOT_FOUND: -32001,
      RESOURCE_UNAVAILABLE: -32002,
      TRANSACTION_REJECTED: -32003,
      METHOD_NOT_SUPPORTED: -32004,
      LIMIT_EXCEEDED: -32005,
      VERSION_NOT_SUPPORTED: -32006,
    })
  })

  it('SPEC §8 wallet codes 4001, 4100, 4200, 4900, 4901, 4902', () => {
    expect(WalletErrorCode.USER_REJECTED).toBe(4001)
    expect(WalletErrorCode.UNAUTHORIZED).toBe(4100)
    expect(WalletErrorCode.UNSUPPORTED_METHOD).toBe(4200)
    expect(WalletErrorCode.DISCONNECTED).toBe(4900)
    expect(WalletErrorCode.CHAIN_DISCONNECTED).toBe(4901)
    expect(WalletErrorCode.UNRECOGNIZED_CHAIN).toBe(4902)
    expect(isDisconnectedCode(4900)).toBe(true)
    expect(isDisconnectedCode(4901)).toBe(true)
    expect(isDisconnectedCode(4902)).toBe(false)
  })

  it('SPEC §8 capability errors are the range 5700 to 5760', () => {
    expect(isCapabilityErrorCode(5700)).toBe(true)
    expect(isCapabilityErrorCode(5760)).toBe(true)
    expect(isCapabilityErrorCode(5735)).toBe(true)
    expect(isCapabilityErrorCode(5699)).toBe(false)
    expect(isCapabilityErrorCode(5761)).toBe(false)
    const capability = Object.values(WalletErrorCode).filter((c) => c >= 5000)
    expect(capability.every(isCapabilityErrorCode)).toBe(true)
  })

  it('SPEC §8 default code 5000 and invalid chain id code 32603', () => {
    expect(DEFAULT_ERROR_CODE).toBe(5000)
    expect(INVALID_CHAIN_ID_CODE).toBe(32603)
  })
})
