import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { StargateClient } from '@cosmjs/stargate'
import { base64 } from '@scure/base'
import { createMemoryAdapter, createModal } from 'portico'
import { probePlugin } from '../../tests/probe-plugin.ts'
import { startCosmosLedger, cosmosDevAccounts, type CosmosLedger } from '../../stack/cosmos/index.ts'
import { cosmosSigner } from '../../demo/wallet/namespaces.ts'
import { sessionConnectorPlugin } from '../../demo/wallet/session-connector.ts'
import { adr036SignDoc, cosmos } from './index.ts'

// A cosmos connection that came from a WalletConnect session: the plugin's RPC sends WalletConnect's cosmos methods
// through the connection's request (here served by the demo wallet's signer, params through JSON as over the relay).
const ACCOUNT0 = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'
const CHAIN = 'portico-local-1'

let ledger: CosmosLedger
beforeAll(async () => {
  ledger = await startCosmosLedger()
})
afterAll(() => ledger?.stop())

function setup(opts: { reject?: boolean } = {}) {
  const signer = cosmosSigner({ rpcUrl: ledger.rpcUrl, chainId: CHAIN, caipNetworkId: `cosmos:${CHAIN}` })
  const probe = probePlugin()
  const session = sessionConnectorPlugin(signer, opts)
  const modal = createModal({
    plugins: [
      cosmos({ networks: [{ chainId: CHAIN, name: 'Portico Cosmos', rpcUrl: ledger.rpcUrl, denom: 'ustake', symbol: 'STAKE', gasPrice: '0.0025ustake' }], wallets: [], broadcastPollIntervalMs: 100 }),
      session.plugin,
      probe.plugin,
    ],
    storage: createMemoryAdapter(),
  })
  return { modal, asked: session.asked, probe: probe.probe }
}

async function balanceOf(address: string): Promise<bigint> {
  const client = await StargateClient.connect(ledger.rpcUrl)
  try {
    return BigInt((await client.getBalance(address, 'ustake')).amount)
  } finally {
    client.disconnect()
  }
}

describe('cosmos plugin over a session connection (WalletConnect cosmos methods)', () => {
  it('balance, an ADR-036 signature through cosmos_signAmino and a MsgSend signed through cosmos_signDirect', async () => {
    const { modal, asked, probe } = setup()
    await modal.ready
    await modal.connection.connect('test-session', 'cosmos')
    expect(modal.state.accounts.getSnapshot().byNamespace.cosmos?.address).toBe(ACCOUNT0)
    await probe.ctx!.balance.refresh('cosmos')
    expect(Number(modal.state.accounts.getSnapshot().byNamespace.cosmos?.balance)).toBeGreaterThan(0)

    const signature = await modal.request('cosmos:signArbitrary', { message: 'Hello from Portico' })
    expect(asked.map((a) => a.method)).toEqual(['cosmos_signAmino'])
    expect(asked[0]!.caipNetworkId).toBe(`cosmos:${CHAIN}`)
    const pubkey = Buffer.from(cosmosDevAccounts[0]!.publicKey, 'hex')
    const doc = adr036SignDoc(ACCOUNT0, 'Hello from Portico')
    const sig = Secp256k1Signature.fromFixedLength(base64.decode(signature))
    expect(await Secp256k1.verifySignature(sig, sha256(serializeSignDoc(doc)), pubkey)).toBe(true)
    expect(await Secp256k1.verifySignature(sig, sha256(serializeSignDoc(adr036SignDoc(ACCOUNT0, 'Hello from Portico!'))), pubkey)).toBe(false)

    const to = cosmosDevAccounts[2]!.address
    const before = await balanceOf(to)
    const hash = await modal.request('cosmos:sendTokens', { to, amount: '1234' })
    expect(hash).toMatch(/^[0-9A-F]{64}$/)
    expect(await balanceOf(to)).toBe(before + 1234n)
    expect(asked.map((a) => a.method)).toContain('cosmos_signDirect')
    expect(asked.map((a) => a.method)).toContain('cosmos_getAccounts')
    modal.destroy()
  })

  it('the wallet rejecting answers 4001', async () => {
    const { modal } = setup({ reject: true })
    await modal.ready
    await modal.connection.connect('test-session', 'cosmos')
    await expect(modal.request('cosmos:signArbitrary', { message: 'no' })).rejects.toMatchObject({ code: 4001 })
    modal.destroy()
  })
})
