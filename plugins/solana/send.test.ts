// @vitest-environment happy-dom
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import { getWallets } from '@wallet-standard/app'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, type CaipNetwork, type Modal, type PluginDefinition } from 'portico'
import { send, SendTokens, type Sender } from 'portico/plugins/send'
import { installSolanaDevWallet } from 'portico/testing'
import { startSolanaCluster, type SolanaCluster } from '../../stack/solana/index.ts'
import { solana, solanaSender, solanaTransferTransaction } from './index.ts'

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

async function connected(extra: PluginDefinition[] = [send()]): Promise<Modal> {
  const installed = installSolanaDevWallet(window, { autoApprove: true, storage: null, rpcUrls: { 'solana:localnet': cluster.rpcUrl } })
  cleanups.push(() => installed.dispose())
  const plugin = solana({ cluster: { rpcUrl: cluster.rpcUrl, wsUrl: cluster.wsUrl, caipNetworkId: cluster.caipNetworkId } })
  const modal = createModal({ plugins: [plugin, ...extra], storage: createMemoryAdapter() })
  cleanups.push(() => modal.destroy())
  await modal.ready
  await modal.connection.connect(CONNECTOR, 'solana')
  return modal
}

function solanaOf(modal: Modal): Sender {
  const sender = modal.get(SendTokens.Senders).get('solana')
  if (!sender) throw new Error('no solana sender')
  return sender
}

const network = (): CaipNetwork => ({
  caipNetworkId: cluster.caipNetworkId as CaipNetwork['caipNetworkId'],
  id: cluster.caipNetworkId.split(':')[1]!,
  chainNamespace: 'solana' as const,
  name: 'Portico Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [cluster.rpcUrl] } },
})
const SOL = () => ({ name: 'Solana', symbol: 'SOL', decimals: 9, chainId: cluster.caipNetworkId, balance: '10' })
const USDC = () => ({ name: 'USD Coin', symbol: 'USDC', decimals: 6, chainId: cluster.caipNetworkId, balance: '1000', address: cluster.mints.usdc6.address })

async function splBalance(owner: string, mint: string): Promise<string | undefined> {
  const ata = getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(owner), true)
  const info = await connection.getAccountInfo(ata, 'confirmed')
  if (!info) return undefined
  return (await connection.getTokenAccountBalance(ata, 'confirmed')).value.amount
}

describe('solana sender for the send plugin', () => {
  it('registers under SendTokens.Senders when the send plugin is present, and not without it', async () => {
    const modal = await connected()
    expect(modal.get(SendTokens.Senders).namespaces().sort()).toEqual(['eip155', 'solana'])
    expect(solana().optional).toEqual([SendTokens.Senders])
    const alone = await connected([])
    expect(alone.has(SendTokens.Senders)).toBe(false)
  })

  it('the send flow no longer says "Unsupported chain" on solana, and sends SOL through it', async () => {
    const modal = await connected()
    const controller = await modal.get(SendTokens.Flow).controller()
    expect(controller.supported('solana')).toBe(true)
    await controller.loadTokens({ force: true })
    const native = controller.state.tokenBalances.find((t) => !t.address)
    expect(native?.symbol).toBe('SOL')
    controller.selectToken(native!)
    controller.setAmount('0.25')
    const receiver = Keypair.generate().publicKey.toBase58()
    await controller.setReceiver(receiver)
    expect(controller.validate()).toBeUndefined()
    expect(await controller.preview()).toBe(true)
    // One signature at the cluster's 5000 lamports per signature.
    expect(controller.state.fee).toEqual({ amount: 5000n, decimals: 9, symbol: 'SOL' })
    expect(controller.state.error).toBeUndefined()
    expect(await controller.send()).toBe(true)
    expect(await connection.getBalance(new PublicKey(receiver), 'confirmed')).toBe(250_000_000)
  })

  it('a receiver that is not a Solana address is refused by the flow', async () => {
    const modal = await connected()
    const controller = await modal.get(SendTokens.Flow).controller()
    await controller.loadTokens({ force: true })
    controller.selectToken(controller.state.tokenBalances.find((t) => !t.address)!)
    controller.setAmount('0.1')
    await controller.setReceiver('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(controller.validate()).not.toBeUndefined()
    expect(await controller.send()).toBe(false)
  })

  it('SPL: creates the receiver\'s associated token account when missing, then transfers without creating it', async () => {
    const modal = await connected()
    const sender = solanaOf(modal)
    const from = cluster.accounts[0]!
    const to = Keypair.generate().publicKey.toBase58()
    const mint = cluster.mints.usdc6.address
    const before = await splBalance(from, mint)

    const first = await solanaTransferTransaction(connection, { network: network(), from, to, token: USDC(), amount: 1_500_000n })
    expect(first.instructions.map((i) => i.programId.toBase58())).toEqual([
      'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    ])
    const fee = await sender.estimateFee({ network: network(), from, to, token: USDC(), amount: 1_500_000n })
    expect(fee).toEqual({ amount: 5000n, decimals: 9, symbol: 'SOL' })
    const receipt = await sender.send({ network: network(), from, to, token: USDC(), amount: 1_500_000n })
    expect(receipt.status).toBe('success')
    expect(await splBalance(to, mint)).toBe('1500000')
    expect(BigInt((await splBalance(from, mint))!)).toBe(BigInt(before!) - 1_500_000n)

    const again = await solanaTransferTransaction(connection, { network: network(), from, to, token: USDC(), amount: 500_000n })
    expect(again.instructions.map((i) => i.programId.toBase58())).toEqual(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'])
    expect((await sender.send({ network: network(), from, to, token: USDC(), amount: 500_000n })).status).toBe('success')
    expect(await splBalance(to, mint)).toBe('2000000')
  })

  it('an SPL transfer over the balance is reverted by the chain, not reported as sent', async () => {
    const modal = await connected()
    const to = Keypair.generate().publicKey.toBase58()
    const sent = solanaOf(modal).send({ network: network(), from: cluster.accounts[0]!, to, token: USDC(), amount: 10n ** 15n })
    // Preflight refuses it (the real RPC's -32002), so the wallet's send fails.
    await expect(sent).rejects.toThrow()
    expect(await splBalance(to, cluster.mints.usdc6.address)).toBeUndefined()
  })

  it('an address that is not a mint is refused before the wallet is asked', async () => {
    let asked = 0
    // Typed as the send plugin's Sender: the restated shape stays compatible.
    const sender: Sender = solanaSender({
      connection: async () => connection,
      signAndSend: async () => {
        asked++
        return { signature: 'x' }
      },
    })
    const token = { ...USDC(), address: cluster.accounts[1]! }
    await expect(sender.send({ network: network(), from: cluster.accounts[0]!, to: cluster.accounts[2]!, token, amount: 1n })).rejects.toThrow(/not an SPL token mint/)
    expect(asked).toBe(0)
    expect(sender.isAddress(cluster.accounts[2]!)).toBe(true)
    expect(sender.isAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
  })

  it('a confirmed status is success; a failed status is reverted; no status in time is pending', async () => {
    for (const [statuses, expected] of [
      [[{ confirmationStatus: 'confirmed', err: null }], 'success'],
      [[{ confirmationStatus: 'confirmed', err: { InstructionError: [0, { Custom: 1 }] } }], 'reverted'],
      [[null], 'pending'],
    ] as const) {
      const fake = Object.create(connection) as Connection
      fake.getSignatureStatuses = (async () => ({ context: { slot: 1 }, value: statuses })) as never
      const sender = solanaSender({ connection: async () => fake, signAndSend: async () => ({ signature: 'sig' }), sleep: async () => undefined, statusPolls: 3 })
      const receipt = await sender.send({ network: network(), from: cluster.accounts[0]!, to: cluster.accounts[1]!, token: SOL(), amount: 1n })
      expect(receipt).toEqual({ hash: 'sig', status: expected })
    }
  })
})
