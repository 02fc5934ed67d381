import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Verifier } from 'bip322-js'
import * as btc from 'bitcoinjs-lib'
import { createMemoryAdapter, createModal } from 'portico'
import { probePlugin } from '../../tests/probe-plugin.ts'
import { startBitcoinRegtest, type BitcoinRegtest } from '../../stack/bitcoin/index.ts'
import { bitcoinSigner } from '../../demo/wallet/namespaces.ts'
import { sessionConnectorPlugin } from '../../demo/wallet/session-connector.ts'
import { bip122, bitcoinRegtest } from './index.ts'
import { toSessionSignInputs } from './session-wallet.ts'

// A bip122 connection that came from a WalletConnect session: the plugin's RPC sends WalletConnect's bitcoin methods
// (signMessage, signPsbt) through the connection's request (served by the demo wallet's signer, params through JSON).
/** The stack's regtest dev account 0 (stack/bitcoin README). */
const PAYMENT0 = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'

let regtest: BitcoinRegtest
beforeAll(async () => {
  regtest = await startBitcoinRegtest()
})
afterAll(() => regtest?.stop())

function setup(opts: { reject?: boolean } = {}) {
  const probe = probePlugin()
  const session = sessionConnectorPlugin(bitcoinSigner({ url: regtest.url, caipNetworkId: regtest.caipNetworkId }), opts)
  const modal = createModal({ plugins: [bip122({ networks: [bitcoinRegtest(regtest.url)], builtinNetworks: false }), session.plugin, probe.plugin], storage: createMemoryAdapter() })
  return { modal, asked: session.asked, probe: probe.probe }
}

const confirmed = async (txid: string) => ((await (await fetch(`${regtest.url}/tx/${txid}/status`)).json()) as { confirmed: boolean }).confirmed

describe('bip122 plugin over a session connection (WalletConnect bitcoin methods)', () => {
  it('WalletConnect signInputs: one { address, index } per input', () => {
    expect(toSessionSignInputs({ a: [0, 2], b: [1] })).toEqual([
      { address: 'a', index: 0 },
      { address: 'a', index: 2 },
      { address: 'b', index: 1 },
    ])
  })

  it('balance, a BIP-322 signature through signMessage, a transfer signed through signPsbt and broadcast over Esplora', async () => {
    const { modal, asked, probe } = setup()
    await modal.ready
    await modal.connection.connect('test-session', 'bip122')
    expect(modal.state.accounts.getSnapshot().byNamespace.bip122?.address).toBe(PAYMENT0)
    await probe.ctx!.balance.refresh('bip122')
    expect(Number(modal.state.accounts.getSnapshot().byNamespace.bip122?.balance)).toBeGreaterThan(0)

    const signed = await modal.request('bip122:signMessage', { message: 'Hello from Portico' })
    expect(signed).toMatchObject({ address: PAYMENT0, protocol: 'BIP322' })
    expect(asked[0]).toMatchObject({ method: 'signMessage', params: { account: PAYMENT0, address: PAYMENT0, protocol: 'bip322' }, caipNetworkId: regtest.caipNetworkId })
    // The wallet answered hex (WalletConnect); the plugin answers base64 as for its other wallets.
    expect(Verifier.verifySignature(PAYMENT0, 'Hello from Portico', signed.signature)).toBe(true)
    expect(Verifier.verifySignature(PAYMENT0, 'Hello from Portico?', signed.signature)).toBe(false)

    const to = regtest.accounts[2]!.payment.address
    const { txid } = await modal.request('bip122:sendTransfer', { recipients: [{ address: to, amount: 25_000 }] })
    expect(asked.at(-1)).toMatchObject({ method: 'signPsbt', params: { account: PAYMENT0, broadcast: false } })
    expect(await confirmed(txid)).toBe(true)
    modal.destroy()
  })

  it('bip122:signPsbt with broadcast asks the wallet to broadcast (WalletConnect signPsbt) and answers its txid', async () => {
    const { modal, asked } = setup()
    await modal.ready
    await modal.connection.connect('test-session', 'bip122')
    const [utxo] = (await (await fetch(`${regtest.url}/address/${PAYMENT0}/utxo`)).json()) as Array<{ txid: string; vout: number; value: number }>
    const script = btc.address.toOutputScript(PAYMENT0, btc.networks.regtest)
    const psbt = new btc.Psbt({ network: btc.networks.regtest })
      .addInput({ hash: utxo!.txid, index: utxo!.vout, witnessUtxo: { script, value: BigInt(utxo!.value) } })
      .addOutput({ address: regtest.accounts[3]!.payment.address, value: 5_000n })
      .addOutput({ script, value: BigInt(utxo!.value - 5_000 - 400) })
    const result = await modal.request('bip122:signPsbt', { psbt: psbt.toBase64(), signInputs: { [PAYMENT0]: [0] }, broadcast: true })
    expect(asked.at(-1)).toMatchObject({ method: 'signPsbt', params: { broadcast: true, signInputs: [{ address: PAYMENT0, index: 0 }] } })
    expect(result.txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await confirmed(result.txid!)).toBe(true)
    modal.destroy()
  })

  it('the wallet rejecting answers 4001', async () => {
    const { modal } = setup({ reject: true })
    await modal.ready
    await modal.connection.connect('test-session', 'bip122')
    await expect(modal.request('bip122:signMessage', { message: 'no' })).rejects.toMatchObject({ code: 4001 })
    modal.destroy()
  })
})
