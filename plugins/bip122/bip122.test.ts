import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Verifier } from 'bip322-js'
import { createMemoryAdapter, createModal, type Modal } from 'portico'
import { createBitcoinDevWallet } from 'portico/testing'
import { startBitcoinRegtest, type BitcoinRegtest } from '../../stack/bitcoin/index.ts'
import { bip122, bitcoinRegtest, fromSatsConnect, fromWalletStandard, type BitcoinWallet } from './index.ts'

let btc: BitcoinRegtest
beforeAll(async () => {
  btc = await startBitcoinRegtest({ port: 0 })
})
afterAll(async () => {
  await btc?.stop()
})

const PAYMENT0 = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'
const ORDINALS0 = 'bcrt1pfewlxm8meyyvgjydfu7v8j4ej64symj6ut8sf66h9germp94qgzs92e5zv'

async function modalWith(wallet: BitcoinWallet): Promise<Modal> {
  const modal = createModal({ plugins: [bip122({ networks: [bitcoinRegtest(btc.url)], builtinNetworks: false, wallets: [wallet] })], storage: createMemoryAdapter() })
  await modal.ready
  await modal.connection.connect(`bip122:${wallet.id}`, 'bip122')
  return modal
}

async function sats(address: string): Promise<number> {
  const res = await fetch(`${btc.url}/address/${address}`)
  const s = (await res.json()) as { chain_stats: { funded_txo_sum: number; spent_txo_sum: number } }
  return s.chain_stats.funded_txo_sum - s.chain_stats.spent_txo_sum
}

describe('bip122 with the Wallet Standard dev wallet on the regtest ledger', () => {
  it('connects the payment account first, the ordinals one listed, on the regtest network', async () => {
    const dev = createBitcoinDevWallet({ autoApprove: true, esploraUrl: btc.url })
    const modal = await modalWith(fromWalletStandard(dev.standardWallet))
    const state = modal.state.accounts.getSnapshot().byNamespace.bip122!
    expect(state.address).toBe(PAYMENT0)
    expect(state.caipAddress).toBe(`bip122:0f9188f13cb7b2c71f2a335e3a4fc328:${PAYMENT0}`)
    expect(state.allAccounts.map((a) => a.address)).toEqual([PAYMENT0, ORDINALS0])
    modal.destroy()
  })

  it('reads the balance from the UTXOs on Esplora', async () => {
    const dev = createBitcoinDevWallet({ autoApprove: true, esploraUrl: btc.url, accountIndex: 3 })
    const [payment] = await dev.accounts()
    await fetch(`${btc.url}/regtest/fund`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: payment!.address, sats: 12_345 }) })
    const modal = createModal({ plugins: [bip122({ networks: [bitcoinRegtest(btc.url)], builtinNetworks: false })], storage: createMemoryAdapter() })
    await modal.ready
    const adapter = modal.state.chain('bip122')!
    const balance = await adapter.getBalance!(payment!.address, adapter.networks[0]!)
    expect(balance).toEqual({ balance: String((await sats(payment!.address)) / 1e8), symbol: 'BTC' })
    expect(balance.balance).toBe('1.00012345')
    modal.destroy()
  })

  it('signs a message with BIP-322 simple (P2WPKH) that an independent verifier accepts, and not for another message', async () => {
    const dev = createBitcoinDevWallet({ autoApprove: true, esploraUrl: btc.url })
    const modal = await modalWith(fromWalletStandard(dev.standardWallet))
    const { signature, protocol, address } = await modal.request('bip122:signMessage', { message: 'Hello from Portico' })
    expect(protocol).toBe('BIP322')
    expect(address).toBe(PAYMENT0)
    expect(Verifier.verifySignature(PAYMENT0, 'Hello from Portico', signature)).toBe(true)
    expect(Verifier.verifySignature(PAYMENT0, 'Hello from Portico!', signature)).toBe(false)
    modal.destroy()
  })

  it('signs with the taproot ordinals account too (BIP-322 simple, key path)', async () => {
    const dev = createBitcoinDevWallet({ autoApprove: true, esploraUrl: btc.url })
    const modal = await modalWith(fromWalletStandard(dev.standardWallet))
    const { signature } = await modal.request('bip122:signMessage', { message: 'ordinals', address: ORDINALS0 })
    expect(Verifier.verifySignature(ORDINALS0, 'ordinals', signature)).toBe(true)
    modal.destroy()
  })

  it('signs a legacy (BIP-137) message for a P2PKH account', async () => {
    const dev = createBitcoinDevWallet({ autoApprove: true, esploraUrl: btc.url, paymentType: 'p2pkh' })
    const modal = await modalWith(fromSatsConnect({ id: 'legacy', name: 'Legacy', provider: dev.satsConnectProvider }))
    const address = modal.state.accounts.getSnapshot().byNamespace.bip122!.address!
    expect(address).toMatch(/^[mn]/)
    const { signature, protocol } = await modal.request('bip122:signMessage', { message: 'legacy message' })
    expect(protocol).toBe('ECDSA')
    expect(Verifier.verifySignature(address, 'legacy message', signature)).toBe(true)
    expect(Verifier.verifySignature(address, 'another message', signature)).toBe(false)
    modal.destroy()
  })

  it('sends a transfer: a PSBT from the UTXOs, signed through bitcoin:signTransaction, broadcast and mined', async () => {
    const dev = createBitcoinDevWallet({ autoApprove: true, esploraUrl: btc.url, accountIndex: 1 })
    const modal = await modalWith(fromWalletStandard(dev.standardWallet))
    const to = btc.accounts[2]!.payment.address
    const before = await sats(to)
    const { txid } = await modal.request('bip122:sendTransfer', { recipients: [{ address: to, amount: 25_000 }] })
    const tx = (await (await fetch(`${btc.url}/tx/${txid}`)).json()) as { status: { confirmed: boolean }; vout: Array<{ scriptpubkey_address: string; value: number }>; fee: number }
    expect(tx.status.confirmed).toBe(true)
    expect(tx.vout.find((o) => o.scriptpubkey_address === to)?.value).toBe(25_000)
    expect(tx.fee).toBeGreaterThan(0)
    expect(await sats(to)).toBe(before + 25_000)
    modal.destroy()
  })

  it('sends through sats-connect sendTransfer when the wallet has it', async () => {
    const dev = createBitcoinDevWallet({ autoApprove: true, esploraUrl: btc.url, accountIndex: 2 })
    const modal = await modalWith(fromSatsConnect({ id: 'dev', name: 'Dev', provider: dev.satsConnectProvider }))
    const to = btc.accounts[0]!.ordinals.address
    const before = await sats(to)
    const { txid } = await modal.request('bip122:sendTransfer', { recipients: [{ address: to, amount: 7_000 }] })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await sats(to)).toBe(before + 7_000)
    modal.destroy()
  })

  it('refuses a send without amount or receiver with the SPEC §5 text, and an address of another network', async () => {
    const dev = createBitcoinDevWallet({ autoApprove: true, esploraUrl: btc.url })
    const modal = await modalWith(fromWalletStandard(dev.standardWallet))
    await expect(modal.request('bip122:sendTransfer', { recipients: [] })).rejects.toThrow('An amount and receiver address are required')
    await expect(modal.request('bip122:sendTransfer', { recipients: [{ address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: 1000 }] })).rejects.toThrow(/Invalid Bitcoin address/)
    modal.destroy()
  })

  it('SPEC §5 switching: the ordinals account is refused with the SPEC §8 text, a payment account is accepted', async () => {
    const dev = createBitcoinDevWallet({ autoApprove: true, esploraUrl: btc.url })
    const modal = await modalWith(fromWalletStandard(dev.standardWallet))
    const { Bip122Connector } = await import('./connector.ts')
    const connector = modal.connection.active('bip122')!.connector as InstanceType<typeof Bip122Connector>
    expect(() => connector.switchAccount(ORDINALS0)).toThrow('Switching to non-payment accounts is not allowed')
    expect(() => connector.switchAccount('')).toThrow('Switching needs an address')
    expect(modal.state.accounts.getSnapshot().byNamespace.bip122!.address).toBe(PAYMENT0)
    connector.switchAccount(PAYMENT0)
    expect(modal.state.accounts.getSnapshot().byNamespace.bip122!.address).toBe(PAYMENT0)
    modal.destroy()
  })

  it('a rejected connection carries 4001 and the modal stays usable', async () => {
    const dev = createBitcoinDevWallet({ esploraUrl: btc.url, failures: { reject: ['bitcoin:connect'] } })
    const wallet = fromWalletStandard(dev.standardWallet)
    const modal = createModal({ plugins: [bip122({ networks: [bitcoinRegtest(btc.url)], builtinNetworks: false, wallets: [wallet] })], storage: createMemoryAdapter() })
    await modal.ready
    await expect(modal.connection.connect(`bip122:${wallet.id}`, 'bip122')).rejects.toMatchObject({ code: 4001 })
    dev.setFailures({})
    dev.setAutoApprove(true)
    await modal.connection.connect(`bip122:${wallet.id}`, 'bip122')
    expect(modal.state.accounts.getSnapshot().byNamespace.bip122!.address).toBe(PAYMENT0)
    modal.destroy()
  })

  it('follows the wallet disconnecting the site', async () => {
    const dev = createBitcoinDevWallet({ autoApprove: true, esploraUrl: btc.url })
    const modal = await modalWith(fromWalletStandard(dev.standardWallet))
    dev.disconnectSite()
    expect(modal.state.accounts.getSnapshot().byNamespace.bip122?.address).toBeUndefined()
    modal.destroy()
  })
})

describe('bip122 imports only public entries', () => {
  it('has no repo-path import in its sources', () => {
    const dir = new URL('.', import.meta.url)
    const sources = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/\.(test|stories)\.tsx?$/.test(f))
    expect(sources.length).toBeGreaterThan(5)
    for (const file of sources) {
      const text = readFileSync(new URL(file, dir), 'utf8')
      const specifiers = [...text.matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((m) => m[1]!)
      for (const s of specifiers) expect(`${file}: ${s}`).toMatch(/: (portico(\/plugin|\/react|\/components)?|\.\/(messages\/)?[\w-]+\.tsx?|react|bitcoinjs-lib|@wallet-standard\/app|@scure\/base|@noble\/hashes\/[\w]+)$/)
    }
  })
})
