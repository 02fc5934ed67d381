// @vitest-environment happy-dom
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { getWallets } from '@wallet-standard/app'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, type Modal, type PluginDefinition, type StorageAdapter } from 'portico'
import { accountData, AccountDataTokens } from 'portico/plugins/account-data'
import { installSolanaDevWallet, type ConsentPrompt, type InstalledSolanaDevWallet, type SolanaDevWalletOptions } from 'portico/testing'
import { startSolanaCluster, type SolanaCluster } from '../../stack/solana/index.ts'
import { probePlugin } from '../../tests/probe-plugin.ts'
import { firstSignature, solana, SOLANA_DEVNET, SOLANA_MAINNET, type SolanaOptions } from './index.ts'

const CONNECTOR = 'wallet-standard:Portico Dev Wallet'
let cluster: SolanaCluster
let connection: Connection
const cleanups: Array<() => void> = []

beforeAll(async () => {
  cluster = await startSolanaCluster({ slotMs: 0 })
  connection = new Connection(cluster.rpcUrl, 'confirmed')
  getWallets()
})
afterAll(async () => {
  await cluster?.stop()
})
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c()
})

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const m = new Map<string, string>()
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k) }
}

function wallet(opts: SolanaDevWalletOptions = {}): InstalledSolanaDevWallet {
  const installed = installSolanaDevWallet(window, { autoApprove: true, storage: null, rpcUrls: { 'solana:localnet': cluster.rpcUrl }, ...opts })
  cleanups.push(() => installed.dispose())
  return installed
}

async function modalWith(opts: { storage?: StorageAdapter; plugin?: SolanaOptions; extra?: PluginDefinition[]; projectId?: string } = {}): Promise<Modal> {
  const plugin = solana({ cluster: { rpcUrl: cluster.rpcUrl, wsUrl: cluster.wsUrl, caipNetworkId: cluster.caipNetworkId }, ...opts.plugin })
  const modal = createModal({ plugins: [plugin, ...(opts.extra ?? [])], storage: opts.storage ?? createMemoryAdapter(), projectId: opts.projectId })
  cleanups.push(() => modal.destroy())
  await modal.ready
  return modal
}

describe('solana plugin networks', () => {
  it('SPEC §1: the local cluster first, then Solana mainnet and devnet', async () => {
    const modal = await modalWith()
    const ids = modal.state.networks('solana').map((n) => n.caipNetworkId)
    expect(ids).toEqual([cluster.caipNetworkId, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'])
    expect(SOLANA_MAINNET.nativeCurrency).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 })
    expect(SOLANA_DEVNET.testnet).toBe(true)
  })

  it('rejects a malformed cluster id', () => {
    expect(() => solana({ cluster: { rpcUrl: cluster.rpcUrl, caipNetworkId: 'solana:0OIl' } })).toThrow(/Invalid Solana CAIP-2/)
  })

  it('SPEC §5: the registered adapter\'s address check (which CAIP-10 parsing consults) takes base58 keys, not EVM addresses', async () => {
    const modal = await modalWith()
    const adapter = modal.state.chain('solana')!
    expect(adapter.isAddress(cluster.accounts[0]!)).toBe(true)
    expect(adapter.isAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
  })
})

describe('solana plugin with the dev wallet on the local cluster', () => {
  it('discovers the Wallet Standard wallet and connects its account on the selected network, with its public key', async () => {
    wallet()
    const modal = await modalWith()
    const connector = modal.state.connector(CONNECTOR)
    expect(connector?.name).toBe('Portico Dev Wallet')
    expect(connector?.chain).toBe('solana')
    const { accounts, caipNetworkId } = await modal.connection.connect(CONNECTOR, 'solana')
    expect(caipNetworkId).toBe(cluster.caipNetworkId)
    expect(accounts[0]).toMatchObject({ namespace: 'solana', address: cluster.accounts[0], type: 'eoa', publicKey: cluster.accounts[0] })
    expect(modal.state.accounts.getSnapshot().byNamespace.solana?.caipAddress).toBe(`${cluster.caipNetworkId}:${cluster.accounts[0]}`)
  })

  it('reads the SOL balance of the connected account from the cluster', async () => {
    wallet()
    const probe = probePlugin()
    const modal = await modalWith({ extra: [probe.plugin] })
    await modal.connection.connect(CONNECTOR, 'solana')
    await probe.probe.ctx!.balance.refresh('solana', { force: true })
    const account = modal.state.accounts.getSnapshot().byNamespace.solana!
    const lamports = await connection.getBalance(new PublicKey(cluster.accounts[0]!))
    expect(account.balanceSymbol).toBe('SOL')
    expect(Number(account.balance)).toBe(lamports / 1e9)
    expect(Number(account.balance)).toBeGreaterThan(0)
    const direct = await modal.request('solana:getBalance', {})
    expect(direct.lamports).toBe(String(lamports))
  })

  it('lists the SPL balances of the seeded mints (named by the host), dropping nothing with decimals', async () => {
    wallet()
    const { usdc6, ptk9 } = cluster.mints
    const modal = await modalWith({ plugin: { tokens: { [usdc6.address]: { name: 'USD Coin (Portico)', symbol: 'USDC' } } } })
    await modal.connection.connect(CONNECTOR, 'solana')
    const tokens = await modal.request('solana:getTokenBalances', {})
    const usdc = tokens.find((t) => t.address === usdc6.address)
    const ptk = tokens.find((t) => t.address === ptk9.address)
    expect(usdc).toMatchObject({ symbol: 'USDC', name: 'USD Coin (Portico)', chainId: cluster.caipNetworkId, quantity: { decimals: '6', numeric: '1000' } })
    expect(ptk?.quantity).toEqual({ decimals: '9', numeric: '250.5' })
  })

  it("the Tokens tab's controller (account-data) lists the SPL balances from the chain, not the balance API", async () => {
    wallet()
    const { usdc6 } = cluster.mints
    const modal = await modalWith({
      plugin: { tokens: { [usdc6.address]: { name: 'USD Coin (Portico)', symbol: 'USDC' } } },
      extra: [accountData()],
      // The balance API is not reachable here: the chain answers for its own network.
      projectId: 'portico-test',
    })
    await modal.connection.connect(CONNECTOR, 'solana')
    const tokens = await modal.get(AccountDataTokens.TokenBalance).fetch({ force: true })
    expect(tokens.find((t) => t.address === usdc6.address)).toMatchObject({ symbol: 'USDC', quantity: { decimals: '6', numeric: '1000' } })
    expect(modal.get(AccountDataTokens.TokenBalance).store.getSnapshot().error).toBeUndefined()
  })

  it('signs a message; the signature verifies with ed25519 against the address', async () => {
    wallet()
    const modal = await modalWith()
    await modal.connection.connect(CONNECTOR, 'solana')
    const { signature } = await modal.request('solana:signMessage', { message: 'Hello from Portico' })
    const ok = ed25519.verify(base58.decode(signature), new TextEncoder().encode('Hello from Portico'), base58.decode(cluster.accounts[0]!))
    expect(ok).toBe(true)
    expect(ed25519.verify(base58.decode(signature), new TextEncoder().encode('Hello from Portico!'), base58.decode(cluster.accounts[0]!))).toBe(false)
  })

  async function transfer(lamports: number, to: string): Promise<string> {
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = new Transaction({ feePayer: new PublicKey(cluster.accounts[0]!), recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: new PublicKey(cluster.accounts[0]!), toPubkey: new PublicKey(to), lamports }),
    )
    return base64.encode(tx.serialize({ requireAllSignatures: false, verifySignatures: false }))
  }

  it('signs and sends a transfer that lands on the cluster', async () => {
    wallet()
    const modal = await modalWith()
    await modal.connection.connect(CONNECTOR, 'solana')
    const to = cluster.accounts[6]!
    const before = await connection.getBalance(new PublicKey(to))
    const { signature } = await modal.request('solana:signAndSendTransaction', { transaction: await transfer(1_000_000, to) })
    const status = await connection.getSignatureStatus(signature)
    expect(status.value?.err).toBeNull()
    expect(await connection.getBalance(new PublicKey(to))).toBe(before + 1_000_000)
  })

  it('signs a transaction without sending; the fee payer signature is valid and the RPC accepts it', async () => {
    wallet()
    const modal = await modalWith()
    await modal.connection.connect(CONNECTOR, 'solana')
    const to = cluster.accounts[7]!
    const before = await connection.getBalance(new PublicKey(to))
    const signed = await modal.request('solana:signTransaction', { transaction: await transfer(2_000_000, to) })
    expect(await connection.getBalance(new PublicKey(to))).toBe(before)
    expect(firstSignature(base64.decode(signed.transaction))).toBe(signed.signature)
    const sent = await modal.request('solana:request', { method: 'sendTransaction', params: [signed.transaction, { encoding: 'base64' }] })
    expect(sent).toBe(signed.signature)
    expect(await connection.getBalance(new PublicKey(to))).toBe(before + 2_000_000)
  })

  it('answers other Solana RPC methods from the network RPC (the wallet does not serve them)', async () => {
    wallet()
    const modal = await modalWith()
    await modal.connection.connect(CONNECTOR, 'solana')
    const genesis = await modal.request('solana:request', { method: 'getGenesisHash' })
    expect(String(genesis).slice(0, 32)).toBe(cluster.caipNetworkId.slice('solana:'.length))
  })

  it('a rejected connect reports 4001 and leaves the modal disconnected and usable', async () => {
    const prompt: ConsentPrompt = async () => false
    wallet({ autoApprove: false, prompt })
    const modal = await modalWith()
    await expect(modal.connection.connect(CONNECTOR, 'solana')).rejects.toMatchObject({ code: 4001 })
    expect(modal.state.accounts.getSnapshot().byNamespace.solana?.address).toBeUndefined()
    expect(modal.state.connection.getSnapshot().error?.code).toBe(4001)
  })

  it('failure flags: a listed feature answers 4001 without a prompt', async () => {
    const asked: string[] = []
    const prompt: ConsentPrompt = async (r) => (asked.push(r.method), true)
    wallet({ autoApprove: false, prompt, failures: { reject: ['solana:signMessage'] } })
    const modal = await modalWith()
    await modal.connection.connect(CONNECTOR, 'solana')
    await expect(modal.request('solana:signMessage', { message: 'x' })).rejects.toMatchObject({ code: 4001 })
    expect(asked).toEqual(['standard:connect'])
  })

  it('reconnects after a reload without a prompt (silent connect of the stored wallet)', async () => {
    const walletStorage = memoryStorage()
    const modalStorage = createMemoryAdapter()
    const asked: string[] = []
    const prompt: ConsentPrompt = async (r) => (asked.push(r.method), true)
    const first = wallet({ autoApprove: false, prompt, storage: walletStorage, origin: 'http://app.test' })
    const before = await modalWith({ storage: modalStorage })
    await before.connection.connect(CONNECTOR, 'solana')
    expect(asked).toEqual(['standard:connect'])
    before.destroy()
    first.dispose()
    // The page reloads: a fresh wallet object reading the same storage, a fresh modal.
    wallet({ autoApprove: false, prompt, storage: walletStorage, origin: 'http://app.test' })
    const after = await modalWith({ storage: modalStorage })
    expect(after.state.accounts.getSnapshot().byNamespace.solana?.address).toBe(cluster.accounts[0])
    expect(asked).toEqual(['standard:connect'])
  })

  it('the wallet disconnecting the site (change with no accounts) disconnects the namespace', async () => {
    const { wallet: w } = wallet()
    const modal = await modalWith()
    await modal.connection.connect(CONNECTOR, 'solana')
    w.disconnectSite()
    expect(modal.state.accounts.getSnapshot().byNamespace.solana?.address).toBeUndefined()
    expect(modal.state.connection.getSnapshot().activeConnectorIds.solana).toBeUndefined()
  })

  it('disconnect() calls standard:disconnect and forgets the connection', async () => {
    const { wallet: w } = wallet()
    const modal = await modalWith()
    await modal.connection.connect(CONNECTOR, 'solana')
    await modal.connection.disconnect('solana')
    expect(w.state.connected).toBe(false)
    expect(modal.state.accounts.getSnapshot().byNamespace.solana?.address).toBeUndefined()
  })

  it('ignores wallets without standard:connect or a Solana chain, and drops an unregistered wallet', async () => {
    const evmOnly = { version: '1.0.0', name: 'EVM Only', icon: 'data:image/png;base64,AA==', chains: ['eip155:1'], accounts: [], features: { 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) } } }
    const noConnect = { version: '1.0.0', name: 'No Connect', icon: 'data:image/png;base64,AA==', chains: ['solana:mainnet'], accounts: [], features: {} }
    const unregister = getWallets().register(evmOnly as never, noConnect as never)
    cleanups.push(unregister)
    const installed = wallet()
    const modal = await modalWith()
    const names = modal.state.connectors.getSnapshot().connectors.map((c) => c.name)
    expect(names).toEqual(['Portico Dev Wallet'])
    installed.dispose()
    expect(modal.state.connectors.getSnapshot().connectors).toEqual([])
  })
})

describe('a host configured for solana only', () => {
  it('works with no eip155 plugin: solana is the active namespace, connect opens Account', async () => {
    wallet()
    const modal = await modalWith()
    expect(modal.state.network.getSnapshot().activeNamespace).toBe('solana')
    expect(Object.keys(modal.state.network.getSnapshot().byNamespace)).toEqual(['solana'])
    modal.open()
    expect(modal.router.current.view).toBe('Connect')
    await modal.connection.connect(CONNECTOR)
    modal.open()
    expect(modal.router.current.view).toBe('Account')
    expect(modal.connection.active()?.address).toBe(cluster.accounts[0])
  })
})
