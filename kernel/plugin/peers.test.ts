import { describe, expect, it } from 'vitest'
import { MissingPeerError, requirePeer } from './peers.ts'

describe('requirePeer (issue 25 §6: a missing peer names the packages to install)', () => {
  const need = { plugin: 'solana', packages: ['@solana/web3.js', '@wallet-standard/app'] }

  it('answers the export of an installed peer', () => {
    const getWallets = () => 'wallets'
    expect(requirePeer({ getWallets }, 'getWallets', need)).toBe(getWallets)
  })

  it("an empty stand-in module (a bundler's missing optional peer) throws the one install line", () => {
    const error = (() => {
      try {
        requirePeer({} as { getWallets?: () => void }, 'getWallets', need)
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(MissingPeerError)
    expect((error as Error).message).toBe('The solana plugin needs @solana/web3.js and @wallet-standard/app, which are not installed: npm i @solana/web3.js @wallet-standard/app')
    expect(() => requirePeer(undefined as unknown as { StargateClient?: unknown }, 'StargateClient', { plugin: 'cosmos', packages: ['@cosmjs/stargate'] })).toThrow(
      'The cosmos plugin needs @cosmjs/stargate, which is not installed: npm i @cosmjs/stargate',
    )
  })
})
