import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { u8aToString } from '@polkadot/util'
import { createMemoryAdapter, createModal } from 'portico'
import { probePlugin } from '../../tests/probe-plugin.ts'
import { startPolkadotChain, type PolkadotChain } from '../../stack/polkadot/index.ts'
import { polkadotSigner } from '../../demo/wallet/namespaces.ts'
import { sessionConnectorPlugin } from '../../demo/wallet/session-connector.ts'
import { polkadot, wrapBytes } from './index.ts'

// A polkadot connection that came from a WalletConnect session: the plugin's RPC sends polkadot_signMessage and
// polkadot_signTransaction through the connection's request (served by the demo wallet's signer, params through JSON),
// against the local chopsticks chain.
type AccountInfo = { data: { free: { toBigInt(): bigint } } }

let chain: PolkadotChain
let api: ApiPromise
beforeAll(async () => {
  chain = await startPolkadotChain()
  api = await ApiPromise.create({ provider: new WsProvider(chain.wsUrl), noInitWarn: true })
  await cryptoWaitReady()
}, 240_000)
afterAll(async () => {
  await api?.disconnect()
  await chain?.stop()
})

function setup(opts: { reject?: boolean } = {}) {
  const probe = probePlugin()
  const session = sessionConnectorPlugin(polkadotSigner({ wsUrl: chain.wsUrl, caipNetworkId: chain.caipNetworkId }), opts)
  const modal = createModal({
    plugins: [polkadot({ chain: { wsUrl: chain.wsUrl, caipNetworkId: chain.caipNetworkId, name: 'Portico Polkadot', symbol: 'ROC', decimals: 12, ss58Prefix: 2 } }), session.plugin, probe.plugin],
    storage: createMemoryAdapter(),
  })
  return { modal, asked: session.asked, probe: probe.probe }
}

describe('wrapBytes', () => {
  it('wraps in <Bytes>..</Bytes> once', () => {
    const text = (s: string) => u8aToString(wrapBytes(new TextEncoder().encode(s)))
    expect(text('hi')).toBe('<Bytes>hi</Bytes>')
    expect(text('<Bytes>hi</Bytes>')).toBe('<Bytes>hi</Bytes>')
    expect(text('')).toBe('<Bytes></Bytes>')
  })
})

describe('polkadot plugin over a session connection (WalletConnect polkadot methods)', () => {
  it('balance, a message signed through polkadot_signMessage (wrapped), a transfer signed through polkadot_signTransaction', async () => {
    const { modal, asked, probe } = setup()
    await modal.ready
    await modal.connection.connect('test-session', 'polkadot')
    const alice = chain.accounts.find((a) => a.uri === '//Alice' && a.type === 'sr25519')!
    expect(modal.state.accounts.getSnapshot().byNamespace.polkadot?.address).toBe(alice.address)
    await probe.ctx!.balance.refresh('polkadot')
    expect(Number(modal.state.accounts.getSnapshot().byNamespace.polkadot?.balance)).toBeGreaterThan(0)

    const { signature, address } = await modal.request('polkadot:signMessage', { message: 'Hello from Portico' })
    expect(address).toBe(alice.address)
    expect(asked[0]).toMatchObject({
      method: 'polkadot_signMessage',
      params: { address: alice.address, data: `0x${Buffer.from('<Bytes>Hello from Portico</Bytes>').toString('hex')}`, type: 'bytes' },
      caipNetworkId: chain.caipNetworkId,
    })
    expect(signatureVerify('<Bytes>Hello from Portico</Bytes>', signature, alice.address).isValid).toBe(true)
    expect(signatureVerify('<Bytes>Hello from Portico!</Bytes>', signature, alice.address).isValid).toBe(false)

    const eve = chain.accounts.find((a) => a.uri === '//Eve' && a.type === 'sr25519')!
    const before = ((await api.query.system.account(eve.address)) as unknown as AccountInfo).data.free.toBigInt()
    const { hash } = await modal.request('polkadot:transfer', { to: eve.address, amount: '1.5' })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(asked.at(-1)).toMatchObject({ method: 'polkadot_signTransaction', params: { address: alice.address, transactionPayload: { address: alice.address, genesisHash: chain.genesisHash } } })
    const after = ((await api.query.system.account(eve.address)) as unknown as AccountInfo).data.free.toBigInt()
    expect(after - before).toBe(1_500_000_000_000n)
    modal.destroy()
  })

  it('the wallet rejecting answers 4001', async () => {
    const { modal } = setup({ reject: true })
    await modal.ready
    await modal.connection.connect('test-session', 'polkadot')
    await expect(modal.request('polkadot:signMessage', { message: 'no' })).rejects.toMatchObject({ code: 4001 })
    modal.destroy()
  })
})
