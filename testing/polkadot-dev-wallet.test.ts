import { describe, expect, it } from 'vitest'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { createPolkadotDevWallet, installPolkadotDevWallet, POLKADOT_DEV_WALLET_STORAGE_KEY } from './polkadot-dev-wallet.ts'
import type { ConsentRequest } from './consent-prompt.ts'

const memoryStorage = () => {
  const map = new Map<string, string>()
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map }
}

describe('polkadot dev wallet', () => {
  it('injects itself as injectedWeb3["portico-dev-wallet"] named "Portico Dev Wallet" and dispose() removes it', () => {
    const win = { injectedWeb3: { other: { enable: async () => ({}) } } } as unknown as Window & { injectedWeb3: Record<string, { name?: string }> }
    const installed = installPolkadotDevWallet(win, { storage: null })
    expect(Object.keys(win.injectedWeb3)).toEqual(['other', 'portico-dev-wallet'])
    expect(win.injectedWeb3['portico-dev-wallet']!.name).toBe('Portico Dev Wallet')
    installed.dispose()
    expect(Object.keys(win.injectedWeb3)).toEqual(['other'])
  })

  it('asks once per site, answers 4001 on Reject, and remembers the approval across instances', async () => {
    const storage = memoryStorage()
    const asked: ConsentRequest[] = []
    let ok = false
    const prompt = async (r: ConsentRequest) => (asked.push(r), ok)
    const wallet = createPolkadotDevWallet({ storage, prompt, accounts: ['//Alice', '//Bob'] })
    await expect(wallet.enable('App')).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    ok = true
    const injected = await wallet.enable('App')
    expect((await injected.accounts.get()).map((a) => a.name)).toEqual(['Alice', 'Bob'])
    expect(asked.map((r) => r.method)).toEqual(['enable', 'enable'])
    expect(storage.map.get(POLKADOT_DEV_WALLET_STORAGE_KEY)).toBe('authorized')

    // A reload (a new instance on the same storage) enables without asking.
    const again = createPolkadotDevWallet({ storage, prompt })
    await again.enable('App')
    expect(asked).toHaveLength(2)
    again.revoke()
    expect(storage.map.has(POLKADOT_DEV_WALLET_STORAGE_KEY)).toBe(false)
  })

  it('signs raw bytes wrapped in <Bytes> as the extension does, for its own accounts only', async () => {
    const wallet = createPolkadotDevWallet({ autoApprove: true, keyType: 'ed25519', storage: null })
    const injected = await wallet.enable('App')
    const [alice] = await injected.accounts.get()
    const data = `0x${Buffer.from('portico').toString('hex')}`
    const { signature } = await injected.signer.signRaw({ address: alice!.address, data, type: 'bytes' })
    await cryptoWaitReady()
    expect(signatureVerify('portico', signature, alice!.address)).toMatchObject({ isValid: true, crypto: 'ed25519' })
    await expect(injected.signer.signRaw({ address: '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty', data, type: 'bytes' })).rejects.toMatchObject({ code: 4100 })
    await expect(injected.signer.signRaw({ address: alice!.address, data: 'zz', type: 'bytes' })).rejects.toMatchObject({ code: -32602 })
  })

  it('waits for approve()/reject() without a prompt, and the failure flags reject at once', async () => {
    const wallet = createPolkadotDevWallet({ storage: null })
    const enabling = wallet.enable('App')
    await expect.poll(() => wallet.pendingRequests().length).toBe(1)
    expect(wallet.pendingRequests()[0]!.summary.join('\n')).toContain('App asks to see your accounts')
    wallet.approve()
    const injected = await enabling
    wallet.setFailures({ reject: ['signRaw'] })
    const [alice] = await injected.accounts.get()
    await expect(injected.signer.signRaw({ address: alice!.address, data: '0x00', type: 'bytes' })).rejects.toMatchObject({ code: 4001 })
    expect(wallet.pendingRequests()).toEqual([])
  })
})
