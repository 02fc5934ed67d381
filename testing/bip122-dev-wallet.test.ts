import { describe, expect, it } from 'vitest'
import { bitcoinDevAccounts } from '../stack/bitcoin/index.ts'
import { createBitcoinDevWallet } from './bip122-dev-wallet.ts'

describe('bitcoin dev wallet', () => {
  it('derives the payment and ordinals addresses stack/bitcoin funds, for every dev account', async () => {
    for (const dev of bitcoinDevAccounts) {
      const wallet = createBitcoinDevWallet({ accountIndex: dev.index })
      const [payment, ordinals] = await wallet.accounts()
      expect(payment).toMatchObject({ address: dev.payment.address, purpose: 'payment', addressType: 'p2wpkh', path: dev.payment.path })
      expect(ordinals).toMatchObject({ address: dev.ordinals.address, purpose: 'ordinals', addressType: 'p2tr', path: dev.ordinals.path })
    }
  })

  it('asks for consent: approve connects, reject answers 4001 (sats-connect: -32000), nothing is shared before', async () => {
    const wallet = createBitcoinDevWallet()
    expect(wallet.standardWallet.accounts).toEqual([])
    const connecting = wallet.standardWallet.features['bitcoin:connect'].connect({ purposes: ['payment', 'ordinals'] })
    await expect.poll(() => wallet.pendingRequests().length).toBe(1)
    expect(wallet.pendingRequests()[0]!.summary.join('\n')).toContain(bitcoinDevAccounts[0]!.payment.address)
    wallet.approve()
    expect((await connecting).accounts.map((a) => a.address)).toEqual([bitcoinDevAccounts[0]!.payment.address, bitcoinDevAccounts[0]!.ordinals.address])

    const signing = wallet.satsConnectProvider.request('signMessage', { address: bitcoinDevAccounts[0]!.payment.address, message: 'no' })
    await expect.poll(() => wallet.pendingRequests().length).toBe(1)
    wallet.reject()
    expect(await signing).toMatchObject({ error: { code: -32000, message: 'User rejected the request.' } })
  })

  it('failure flags: listed methods are rejected at once without a prompt', async () => {
    const wallet = createBitcoinDevWallet({ failures: { reject: ['bitcoin:connect'] } })
    await expect(wallet.standardWallet.features['bitcoin:connect'].connect({ purposes: ['payment'] })).rejects.toMatchObject({ code: 4001 })
    expect(wallet.pendingRequests()).toEqual([])
  })

  it('refuses to sign for an address it does not hold (4100) and unknown methods (4200)', async () => {
    const wallet = createBitcoinDevWallet({ autoApprove: true })
    await wallet.satsConnectProvider.request('getAccounts', { purposes: ['payment'] })
    expect(await wallet.satsConnectProvider.request('signMessage', { address: bitcoinDevAccounts[1]!.payment.address, message: 'x' })).toMatchObject({ error: { code: 4100 } })
    expect(await wallet.satsConnectProvider.request('getBalance')).toMatchObject({ error: { code: 4200 } })
  })
})
