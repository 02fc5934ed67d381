import { describe, expect, it } from 'vitest'
import {
  ErrorText,
  failedToSwitchChain,
  namespaceNotConfigured,
  noRpcUrl,
  OriginsFetchError,
  tryAgainAfter,
  userOperationReceiptFailed,
} from './index.ts'

// The SPEC texts, copied from the SPEC by hand: a wording drift in ErrorText fails here. Texts no code raises are not
// catalogued (kernel/errors/catalogue.ts), so they are not listed.
const SPEC_TEXTS: Record<string, string[]> = {
  '§5 validation': ['Invalid CAIP-10 address', 'Invalid chainId'],
  '§5 send': ['An amount and receiver address are required', 'A token is required', 'Unsupported chain'],
  '§6 permissions': ['Requested RPC call is not allowed'],
  '§4 texts': ['Modal closed', 'Authenticating...'],
  '§8 balance': ['Token Balance Unavailable'],
  '§8 network support': ['Network not supported for Gas Price', 'Network not supported for Swaps'],
  '§8 connection and provider': [
    'WalletConnectConnector not found',
    'Please call connect() before request()',
    'Sign Client not initialized',
    'ChainId not found',
  ],
  '§8 social and email': [
    'Modal closed',
    'Popup closed',
    'Failed to connect',
    'Failed to initiate social connection',
    'Failed to connect to farcaster',
    'Not connected to email or social',
  ],
  '§8 names': [
    'Network not found',
    'Address or auth connector not found',
    'Error resolving name',
    'Error fetching name suggestions',
    'Error fetching names for address',
    'Error registering name',
  ],
  '§8 history': ['Failed to fetch transactions'],
  '§8 authentication and signing': [
    'A problem occurred while trying initialize authentication',
    'Signature declined',
    'This application might not support Smart Accounts.',
    'SIWX is not enabled',
    'No ActiveCaipAddress found',
    'No ActiveCaipNetwork or client found',
    'Switching to non-payment accounts is not allowed',
  ],
  '§8 frame': ['Request was aborted', 'Something went wrong', 'An error occurred', 'Unable to load email login dependency'],
}

describe('ErrorText', () => {
  const values = new Set<string>(Object.values(ErrorText))
  for (const [section, texts] of Object.entries(SPEC_TEXTS)) {
    it(`SPEC ${section} texts are catalogued verbatim`, () => {
      for (const text of texts) expect(values, text).toContain(text)
    })
  }

  it('SPEC §8 named constants hold the exact texts', () => {
    expect(ErrorText.TOKEN_BALANCE_UNAVAILABLE).toBe('Token Balance Unavailable')
    expect(ErrorText.WALLETCONNECT_CONNECTOR_NOT_FOUND).toBe('WalletConnectConnector not found')
    expect(ErrorText.INVALID_CAIP10).toBe('Invalid CAIP-10 address')
    expect(ErrorText.INVALID_CAIP2).toBe('Invalid CAIP-2 network id')
    expect(ErrorText.INVALID_CHAIN_ID).toBe('Invalid chainId')
    expect(ErrorText.MODAL_CLOSED).toBe('Modal closed')
    expect(ErrorText.AUTHENTICATING).toBe('Authenticating...')
  })

  it('every catalogued text is distinct, so a lookup by text is unambiguous', () => {
    expect(values.size).toBe(Object.keys(ErrorText).length)
  })

  it('SPEC §8 templated texts fill their placeholder', () => {
    expect(noRpcUrl(10)).toBe('No RPC url provided for chainId: 10')
    expect(namespaceNotConfigured('solana')).toBe(
      "Namespace 'solana' is not configured. Please call connect() first with namespace config.",
    )
    expect(failedToSwitchChain('eip155:137')).toMatch(/^Failed to switch to chain /)
    expect(failedToSwitchChain('eip155:137')).toBe('Failed to switch to chain eip155:137')
    expect(userOperationReceiptFailed(404)).toBe('Failed to fetch user operation receipt - 404')
    expect(tryAgainAfter(12)).toBe('Please try again after 12 seconds')
  })

  it('SPEC §8 origins outcomes are RATE_LIMITED and SERVER_ERROR', () => {
    expect(OriginsFetchError).toEqual({ RATE_LIMITED: 'RATE_LIMITED', SERVER_ERROR: 'SERVER_ERROR' })
  })
})
