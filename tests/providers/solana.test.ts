// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { createTestModal, type TestModal } from 'portico/testing'
import { solana } from 'portico/plugins/solana'
import { signWithSolanaWallet } from '../../docs/examples/providers/solana.ts'

let t: TestModal | undefined
afterEach(() => {
  t?.dispose()
  t = undefined
})

describe("modal.getProvider('solana'): the connected Wallet Standard wallet's features (issue 25 §2)", () => {
  it('has no wallet while disconnected, and its features throw 4900', async () => {
    t = await createTestModal({ plugins: [solana()], wallets: { namespaces: ['solana'], autoApprove: true } })
    const provider = t.modal.getProvider('solana')
    expect(provider.wallet).toBeUndefined()
    expect(provider.account).toBeUndefined()
    expect(() => provider.features).toThrow(expect.objectContaining({ code: 4900 }))
  })

  it("after connecting: the wallet, its account and features; the docs' example signs with solana:signMessage", async () => {
    t = await createTestModal({ plugins: [solana()], wallets: { namespaces: ['solana'], autoApprove: true } })
    await t.connect({ namespace: 'solana' })
    const provider = t.modal.getProvider('solana')
    const address = t.address('solana')!
    expect(provider.account?.address).toBe(address)
    expect(provider.wallet?.name).toBe(t.modal.connection.active('solana')?.connector.name)
    expect(Object.keys(provider.features)).toEqual(expect.arrayContaining(['standard:connect', 'solana:signMessage']))
    const message = new TextEncoder().encode('hello from solana')
    const signature = await signWithSolanaWallet(t.modal, message)
    expect(ed25519.verify(signature, message, base58.decode(address))).toBe(true)
  })
})
