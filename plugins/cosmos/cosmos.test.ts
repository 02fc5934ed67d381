import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serializeSignDoc, pubkeyToAddress, encodeSecp256k1Pubkey } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { StargateClient } from '@cosmjs/stargate'
import { base64 } from '@scure/base'
import { createMemoryAdapter, createModal, parseCaipAddress, type Modal } from 'portico'
import { probePlugin } from '../../tests/probe-plugin.ts'
import { installCosmosDevWallet, type CosmosDevWalletOptions } from 'portico/testing'
import { startCosmosLedger, cosmosDevAccounts, type CosmosLedger } from '../../stack/cosmos/index.ts'
import { cosmos, isCosmosAddress, KEYSTORE_CHANGE_EVENT, type CosmosOptions, type KeplrWallet } from './index.ts'

const ACCOUNT0 = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'
const CHAIN = 'portico-local-1'

let ledger: CosmosLedger
beforeAll(async () => {
  ledger = await startCosmosLedger()
})
afterAll(() => ledger?.stop())

const network = () => ({ chainId: CHAIN, name: 'Portico Cosmos', rpcUrl: ledger.rpcUrl, denom: 'ustake', symbol: 'STAKE', gasPrice: '0.0025ustake' })

/** A modal with the plugin and the dev wallet on a window of its own. */
function setup(walletOptions: Partial<CosmosDevWalletOptions> = {}, pluginOptions: Partial<CosmosOptions> = {}) {
  const win = new EventTarget() as EventTarget & Window
  const { wallet } = installCosmosDevWallet(win, { chains: [{ chainId: CHAIN, rpcUrl: ledger.rpcUrl }], autoApprove: true, storage: null, ...walletOptions })
  const { probe, plugin } = probePlugin()
  const modal = createModal({
    plugins: [cosmos({ networks: [network()], wallets: [{ id: 'keplr', name: 'Keplr', global: 'keplr' }], window: win, broadcastPollIntervalMs: 100, ...pluginOptions }), plugin],
    storage: createMemoryAdapter(),
  })
  return { win, wallet, modal, probe }
}

const account = (modal: Modal) => modal.state.accounts.getSnapshot().byNamespace.cosmos

async function balanceOf(address: string): Promise<bigint> {
  const client = await StargateClient.connect(ledger.rpcUrl)
  try {
    return BigInt((await client.getBalance(address, 'ustake')).amount)
  } finally {
    client.disconnect()
  }
}

describe('isCosmosAddress (bech32)', () => {
  it('accepts a checksummed account address and refuses the rest', () => {
    expect(isCosmosAddress(ACCOUNT0)).toBe(true)
    expect(isCosmosAddress(ACCOUNT0, 'cosmos')).toBe(true)
    expect(isCosmosAddress(ACCOUNT0, 'osmo')).toBe(false)
    // One character changed: the checksum fails.
    expect(isCosmosAddress('cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e8')).toBe(false)
    expect(isCosmosAddress(ACCOUNT0.toUpperCase())).toBe(false)
    expect(isCosmosAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
    expect(isCosmosAddress('')).toBe(false)
  })

  it('the chain adapter accepts only the prefixes of its networks', async () => {
    const { modal } = setup()
    await modal.ready
    const adapter = modal.state.chain('cosmos')!
    expect(adapter.isAddress(ACCOUNT0)).toBe(true)
    expect(adapter.isAddress('osmo15yk64u7zc9g9k2yr2wmzeva5qgwxps6ywful0v')).toBe(false)
    expect(parseCaipAddress(`cosmos:${CHAIN}:${ACCOUNT0}`).address).toBe(ACCOUNT0)
    modal.destroy()
  })
})

describe('cosmos plugin with the Keplr-style dev wallet and the local ledger', () => {
  it('connects, reports the account with its public key and reads the balance from the ledger', async () => {
    const { modal, probe } = setup()
    await modal.ready
    const result = await modal.connection.connect('cosmos:keplr', 'cosmos')
    expect(result.caipNetworkId).toBe(`cosmos:${CHAIN}`)
    expect(result.accounts[0]).toMatchObject({ namespace: 'cosmos', address: ACCOUNT0, type: 'eoa', publicKey: base64.encode(Buffer.from(cosmosDevAccounts[0]!.publicKey, 'hex')) })
    expect(account(modal)?.caipAddress).toBe(`cosmos:${CHAIN}:${ACCOUNT0}`)
    // Account 0 starts with 1000 STAKE (1_000_000_000 ustake) and this test runs before any send.
    expect(await balanceOf(ACCOUNT0)).toBe(1_000_000_000n)
    // The Account view asks for the balance; so does the test, as a plugin would.
    await probe.ctx!.balance.refresh('cosmos')
    expect(account(modal)?.balance).toBe('1000')
    expect(account(modal)?.balanceSymbol).toBe('STAKE')
    expect(modal.state.connectors.getSnapshot().connectors.find((c) => c.id === 'cosmos:keplr')?.name).toBe('Portico Dev Wallet')
    modal.destroy()
  })

  it('signs a message per ADR-036, verifiable with the account public key', async () => {
    const { modal } = setup()
    await modal.ready
    const { accounts } = await modal.connection.connect('cosmos:keplr', 'cosmos')
    const message = 'Hello from Portico'
    const signature = await modal.request('cosmos:signArbitrary', { message })
    // ADR-036, written out: an Amino sign doc with empty chain id, zero numbers, no fee, one MsgSignData.
    const doc = {
      chain_id: '',
      account_number: '0',
      sequence: '0',
      fee: { gas: '0', amount: [] },
      msgs: [{ type: 'sign/MsgSignData', value: { signer: ACCOUNT0, data: base64.encode(new TextEncoder().encode(message)) } }],
      memo: '',
    }
    const pubkey = base64.decode(accounts[0]!.publicKey!)
    expect(pubkeyToAddress(encodeSecp256k1Pubkey(pubkey), 'cosmos')).toBe(ACCOUNT0)
    const sig = Secp256k1Signature.fromFixedLength(base64.decode(signature))
    expect(await Secp256k1.verifySignature(sig, sha256(serializeSignDoc(doc)), pubkey)).toBe(true)
    // The same signature does not verify another message.
    const other = { ...doc, msgs: [{ type: 'sign/MsgSignData', value: { signer: ACCOUNT0, data: base64.encode(new TextEncoder().encode('Hello')) } }] }
    expect(await Secp256k1.verifySignature(sig, sha256(serializeSignDoc(other)), pubkey)).toBe(false)
    modal.destroy()
  })

  it('sends a MsgSend signed in DIRECT mode, and the ledger moves the amount', async () => {
    const { modal } = setup()
    await modal.ready
    await modal.connection.connect('cosmos:keplr', 'cosmos')
    const to = cosmosDevAccounts[2]!.address
    const before = await balanceOf(to)
    const hash = await modal.request('cosmos:sendTokens', { to, amount: '1234567', memo: 'portico' })
    expect(hash).toMatch(/^[0-9A-F]{64}$/)
    expect(await balanceOf(to)).toBe(before + 1_234_567n)
    const client = await StargateClient.connect(ledger.rpcUrl)
    const tx = await client.getTx(hash)
    client.disconnect()
    expect(tx?.code).toBe(0)
    modal.destroy()
  })

  it('sends with an Amino-only signer (getOfflineSignerAuto for a Ledger-like key)', async () => {
    const { modal } = setup({ aminoOnly: true })
    await modal.ready
    await modal.connection.connect('cosmos:keplr', 'cosmos')
    const to = cosmosDevAccounts[3]!.address
    const before = await balanceOf(to)
    await modal.request('cosmos:sendTokens', { to, amount: '1000' })
    expect(await balanceOf(to)).toBe(before + 1000n)
    modal.destroy()
  })

  it('refuses a send without an amount or a receiver, or with a bad receiver, and stays connected', async () => {
    const { modal } = setup()
    await modal.ready
    await modal.connection.connect('cosmos:keplr', 'cosmos')
    await expect(modal.request('cosmos:sendTokens', { to: '', amount: '1' })).rejects.toThrow('An amount and receiver address are required')
    await expect(modal.request('cosmos:sendTokens', { to: 'cosmos1nope', amount: '1' })).rejects.toThrow('Invalid cosmos address: cosmos1nope')
    await expect(modal.request('cosmos:sendTokens', { to: ACCOUNT0, amount: '1.5' })).rejects.toThrow('Invalid amount')
    expect(account(modal)?.address).toBe(ACCOUNT0)
    modal.destroy()
  })

  it('a rejected prompt answers 4001 for connect, sign and send; the failure flags reject without a prompt', async () => {
    const answers: boolean[] = [false, true, false, false]
    const seen: string[] = []
    const { modal, wallet } = setup({ autoApprove: false, prompt: async (request) => (seen.push(request.method), answers.shift() ?? true) })
    await modal.ready
    await expect(modal.connection.connect('cosmos:keplr', 'cosmos')).rejects.toMatchObject({ code: 4001 })
    await modal.connection.connect('cosmos:keplr', 'cosmos')
    await expect(modal.request('cosmos:signArbitrary', { message: 'x' })).rejects.toMatchObject({ code: 4001 })
    await expect(modal.request('cosmos:sendTokens', { to: cosmosDevAccounts[1]!.address, amount: '5' })).rejects.toMatchObject({ code: 4001 })
    expect(seen).toEqual(['enable', 'enable', 'signArbitrary', 'signDirect'])
    wallet.setFailures({ reject: ['signArbitrary'] })
    await expect(modal.request('cosmos:signArbitrary', { message: 'x' })).rejects.toMatchObject({ code: 4001 })
    expect(seen).toHaveLength(4)
    expect(account(modal)?.address).toBe(ACCOUNT0)
    modal.destroy()
  })

  it('follows keplr_keystorechange to the key the user picked, and stops listening on destroy', async () => {
    const { modal, wallet } = setup()
    await modal.ready
    await modal.connection.connect('cosmos:keplr', 'cosmos')
    wallet.setAccount(1)
    await expect.poll(() => account(modal)?.address).toBe(cosmosDevAccounts[1]!.address)
    modal.destroy()
  })

  it('suggests a chain the wallet does not know, then enables it', async () => {
    const { modal, wallet } = setup({ chains: [{ chainId: 'other-1', rpcUrl: 'http://127.0.0.1:1' }], autoApprove: false })
    await modal.ready
    const connecting = modal.connection.connect('cosmos:keplr', 'cosmos')
    await expect.poll(() => wallet.pendingRequests()[0]?.method).toBe('experimentalSuggestChain')
    expect(wallet.pendingRequests()[0]?.summary).toContain(`Add network Portico Cosmos (${CHAIN})`)
    wallet.approve()
    await expect.poll(() => wallet.pendingRequests()[0]?.method).toBe('enable')
    wallet.approve()
    await expect(connecting).resolves.toMatchObject({ caipNetworkId: `cosmos:${CHAIN}` })
    modal.destroy()
  })

  it('restores the connection after a reload without a prompt', async () => {
    const storage = createMemoryAdapter()
    const walletStore = new Map<string, string>()
    const walletStorage = { getItem: (k: string) => walletStore.get(k) ?? null, setItem: (k: string, v: string) => void walletStore.set(k, v), removeItem: (k: string) => void walletStore.delete(k) }
    const make = () => {
      const win = new EventTarget() as EventTarget & Window
      const { wallet } = installCosmosDevWallet(win, { chains: [{ chainId: CHAIN, rpcUrl: ledger.rpcUrl }], autoApprove: false, prompt: async () => true, storage: walletStorage })
      return { wallet, modal: createModal({ plugins: [cosmos({ networks: [network()], window: win })], storage }) }
    }
    const first = make()
    await first.modal.ready
    await first.modal.connection.connect('cosmos:keplr', 'cosmos')
    first.modal.destroy()
    const second = make()
    second.wallet.setAutoApprove(false)
    await second.modal.ready
    await expect.poll(() => account(second.modal)?.address).toBe(ACCOUNT0)
    expect(second.wallet.pendingRequests()).toEqual([])
    second.modal.destroy()
  })
})

describe('cosmos plugin with a bare Keplr-like object', () => {
  const key = { name: 'k', algo: 'secp256k1', pubKey: new Uint8Array(33), address: new Uint8Array(20), bech32Address: ACCOUNT0 }

  it('maps Keplr\'s plain "Request rejected" to a 4001 user rejection', async () => {
    const win = Object.assign(new EventTarget(), {
      keplr: { enable: async () => Promise.reject(new Error('Request rejected')), getKey: async () => key } satisfies KeplrWallet,
    }) as unknown as Window
    const modal = createModal({ plugins: [cosmos({ networks: [network()], window: win })], storage: createMemoryAdapter() })
    await modal.ready
    await expect(modal.connection.connect('cosmos:keplr', 'cosmos')).rejects.toMatchObject({ code: 4001, message: 'Request rejected' })
    modal.destroy()
  })

  it('refuses an address outside the network prefix and ignores globals that are not wallets', async () => {
    const win = Object.assign(new EventTarget(), {
      keplr: { enable: async () => undefined, getKey: async () => ({ ...key, bech32Address: 'osmo15yk64u7zc9g9k2yr2wmzeva5qgwxps6ywful0v' }) } satisfies KeplrWallet,
      leap: { enable: 'not a function' },
    }) as unknown as Window
    const modal = createModal({ plugins: [cosmos({ networks: [network()], window: win })], storage: createMemoryAdapter() })
    await modal.ready
    expect(modal.state.connectors.getSnapshot().connectors.map((c) => c.id)).toEqual(['cosmos:keplr'])
    expect(modal.state.connectors.getSnapshot().connectors[0]?.name).toBe('Keplr')
    await expect(modal.connection.connect('cosmos:keplr', 'cosmos')).rejects.toThrow('The wallet returned an invalid cosmos address')
    modal.destroy()
  })

  it('finds a wallet injected on window load and removes its load listener on destroy', async () => {
    const doc = { readyState: 'loading' }
    const win = Object.assign(new EventTarget(), { document: doc }) as unknown as EventTarget & Window & { keplr?: KeplrWallet }
    const modal = createModal({ plugins: [cosmos({ networks: [network()], window: win })], storage: createMemoryAdapter() })
    await modal.ready
    expect(modal.state.connectors.getSnapshot().connectors).toEqual([])
    win.keplr = { enable: async () => undefined, getKey: async () => key }
    win.dispatchEvent(new Event('load'))
    expect(modal.state.connectors.getSnapshot().connectors.map((c) => c.id)).toEqual(['cosmos:keplr'])
    modal.destroy()
    expect(KEYSTORE_CHANGE_EVENT).toBe('keplr_keystorechange')
  })

  it('serves Cosmos Hub when the host names no network', async () => {
    const modal = createModal({ plugins: [cosmos({ window: new EventTarget() as EventTarget & Window })], storage: createMemoryAdapter() })
    await modal.ready
    expect(modal.state.chain('cosmos')!.networks.map((n) => n.caipNetworkId)).toEqual(['cosmos:cosmoshub-4'])
    modal.destroy()
  })
})
