import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SignClient } from '@walletconnect/sign-client'
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { toHex } from 'viem'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'
import { startRelay, type Relay } from '../../stack/relay/index.ts'
import { MemoryStorage } from '../../stack/relay/test-kit.ts'
import { SOLANA_CAIP_NETWORK_ID } from '../../stack/solana/seed.ts'
import { DemoWallet, METHODS, EVENTS, SOLANA_METHODS, requestError, RequestError } from './wallet.ts'

// WalletConnect skips telemetry, Verify and link-mode probing when it sees this (isTestRun()).
process.env.IS_VITEST = 'true'

const CHAIN = 'eip155:31337'
/** The local cluster's CAIP-2 id. */
const SOLANA_CHAIN = SOLANA_CAIP_NETWORK_ID
const ANSWER_DEADLINE_MS = 20_000

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('demo wallet: every failed request is answered with a JSON-RPC error (real sign-client and WalletKit over the stack relay)', () => {
  let relay: Relay
  let dapp: InstanceType<typeof SignClient>
  let kit: InstanceType<typeof WalletKit>
  let walletCore: InstanceType<typeof Core>
  let wallet: DemoWallet
  let topic = ''
  let session: { topic: string; namespaces: Record<string, { accounts: string[]; methods: string[] }> }

  beforeAll(async () => {
    relay = await startRelay()
    const prefix = `demo-wallet-test-${process.pid}-${Math.random()}`
    dapp = await SignClient.init({
      projectId: 'portico-local',
      relayUrl: relay.url,
      customStoragePrefix: `${prefix}-dapp`,
      storage: new MemoryStorage() as never,
      logger: 'silent',
      telemetryEnabled: false,
      metadata: { name: 'Test dapp', description: '', url: 'http://127.0.0.1', icons: [] },
    })
    walletCore = new Core({
      projectId: 'portico-local',
      relayUrl: relay.url,
      customStoragePrefix: `${prefix}-wallet`,
      storage: new MemoryStorage() as never,
      logger: 'silent',
      telemetryEnabled: false,
    })
    kit = await WalletKit.init({ core: walletCore, metadata: { name: 'Portico Demo Wallet', description: '', url: 'http://127.0.0.1', icons: [] } })
    // The chain's RPC is unreachable, so eth_sendTransaction fails inside the wallet.
    wallet = new DemoWallet({ projectId: 'portico-local', relayUrl: relay.url, chains: [{ chainId: 31337, name: 'Local', rpcUrl: `http://127.0.0.1:${await closedPort()}` }],
      solana: { rpcUrl: 'http://127.0.0.1:1', wsUrl: 'ws://127.0.0.1:2', caipNetworkId: SOLANA_CHAIN },
    })
    wallet.attach(kit)

    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: [CHAIN], methods: METHODS, events: EVENTS },
        solana: { chains: [SOLANA_CHAIN, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], methods: SOLANA_METHODS, events: [] },
      },
    })
    await wallet.pair(uri!)
    await vi.waitFor(() => expect(wallet.getSnapshot().proposals).toHaveLength(1), { timeout: ANSWER_DEADLINE_MS })
    await wallet.approveProposal(wallet.getSnapshot().proposals[0]!.id)
    session = await approval()
    topic = session.topic
  })

  afterAll(async () => {
    for (const core of [dapp?.core, walletCore]) {
      if (!core) continue
      await core.relayer.transportClose().catch(() => {})
      core.heartbeat.stop()
    }
    await relay?.stop()
  })

  /** Sends a request, has the person approve it in the wallet, and returns how the dapp's request settled. */
  async function approveInWallet(method: string, params: unknown, chainId = CHAIN): Promise<{ result?: unknown; error?: { code?: unknown; message?: unknown } }> {
    let settled: { result?: unknown; error?: { code?: unknown; message?: unknown } } | undefined
    void dapp.request({ topic, chainId, request: { method, params } }).then(
      (result) => (settled = { result }),
      (error: { code?: unknown; message?: unknown }) => (settled = { error }),
    )
    await expect.poll(() => wallet.getSnapshot().requests.find((r) => r.method === method), { timeout: ANSWER_DEADLINE_MS }).toBeTruthy()
    const request = wallet.getSnapshot().requests.find((r) => r.method === method)!
    await wallet.approveRequest(request)
    // The dapp gets an answer (before the fix the wallet dropped the request and the dapp waited forever).
    await expect.poll(() => settled, { timeout: ANSWER_DEADLINE_MS }).toBeDefined()
    expect(wallet.getSnapshot().requests).toEqual([])
    return settled!
  }

  it('personal_sign with a message that is not hex: -32602 invalid params reaches the dapp', async () => {
    const { error } = await approveInWallet('personal_sign', ['hello', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    // sign-client puts the standard text on reserved JSON-RPC codes; the wallet shows its own reason.
    expect(error).toMatchObject({ code: -32602 })
    expect(wallet.getSnapshot().error).toBe('personal_sign failed: personal_sign expects a hex message')
  })

  it('eth_signTypedData_v4 with typed data that is not JSON: -32602', async () => {
    const { error } = await approveInWallet('eth_signTypedData_v4', ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '{not json'])
    expect(error).toMatchObject({ code: -32602 })
  })

  it('wallet_switchEthereumChain to a chain the wallet does not have: 4902', async () => {
    const { error } = await approveInWallet('wallet_switchEthereumChain', [{ chainId: '0x1' }])
    expect(error).toMatchObject({ code: 4902, message: 'Unrecognized chain eip155:1' })
  })

  it('eth_sendTransaction when the chain cannot be reached: -32603 internal error', async () => {
    const { error } = await approveInWallet('eth_sendTransaction', [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1' }])
    expect(error).toMatchObject({ code: -32603 })
    expect(String(error?.message)).not.toBe('')
  })

  it('one session holds eip155 and the local Solana cluster (only the chain the wallet has), with the solana methods', () => {
    const key = wallet.solanaAccount.address
    expect(session.namespaces.solana).toMatchObject({ accounts: [`${SOLANA_CHAIN}:${key}`], methods: ['solana_signMessage', 'solana_signTransaction'] })
    expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266`])
    // m/44'/501'/0'/0' of the dev mnemonic: the cluster's first funded account.
    expect(key).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  })

  it('solana_signMessage: an ed25519 signature of the base58 message by the solana account', async () => {
    const message = new TextEncoder().encode('Hello from Portico')
    const key = wallet.solanaAccount.address
    const { result } = await approveInWallet('solana_signMessage', { message: base58.encode(message), pubkey: key }, SOLANA_CHAIN)
    const signature = base58.decode((result as { signature: string }).signature)
    expect(ed25519.verify(signature, message, base58.decode(key))).toBe(true)
    expect(ed25519.verify(signature, new TextEncoder().encode('Hello from Portico!'), base58.decode(key))).toBe(false)
  })

  it('solana_signTransaction: the fee payer slot carries a valid signature of the message; a foreign account is refused', async () => {
    const key = wallet.solanaAccount.address
    const from = new PublicKey(key)
    const tx = new Transaction({ feePayer: from, recentBlockhash: base58.encode(new Uint8Array(32).fill(7)) }).add(
      SystemProgram.transfer({ fromPubkey: from, toPubkey: new PublicKey('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'), lamports: 1000 }),
    )
    const wire = base64.encode(tx.serialize({ requireAllSignatures: false, verifySignatures: false }))
    const { result } = await approveInWallet('solana_signTransaction', { transaction: wire, pubkey: key }, SOLANA_CHAIN)
    const answer = result as { signature: string; transaction: string }
    const signed = VersionedTransaction.deserialize(base64.decode(answer.transaction))
    expect(base58.encode(signed.signatures[0]!)).toBe(answer.signature)
    expect(ed25519.verify(signed.signatures[0]!, signed.message.serialize(), from.toBytes())).toBe(true)

    const foreign = new Transaction({ feePayer: new PublicKey('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'), recentBlockhash: base58.encode(new Uint8Array(32).fill(7)) }).add(
      SystemProgram.transfer({ fromPubkey: new PublicKey('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'), toPubkey: from, lamports: 1 }),
    )
    const { error } = await approveInWallet(
      'solana_signTransaction',
      { transaction: base64.encode(foreign.serialize({ requireAllSignatures: false, verifySignatures: false })) },
      SOLANA_CHAIN,
    )
    expect(error).toMatchObject({ code: -32602 })
  })

  it('a request that works still gets its result', async () => {
    const { result } = await approveInWallet('personal_sign', [toHex('hello'), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    expect(result).toMatch(/^0x[0-9a-f]{130}$/)
  })
})

describe('requestError', () => {
  it('keeps a RequestError code, takes a numeric code from a wallet error, else -32603 with the first line of the message', () => {
    expect(requestError(new RequestError(4200, 'eth_foo is not supported'))).toEqual({ code: 4200, message: 'eth_foo is not supported' })
    expect(requestError({ code: -32000, message: 'nonce too low' })).toEqual({ code: -32000, message: 'nonce too low' })
    expect(requestError(new Error('HTTP request failed.\n\nURL: http://127.0.0.1:1'))).toEqual({ code: -32603, message: 'HTTP request failed.' })
    expect(requestError('boom')).toEqual({ code: -32603, message: 'boom' })
  })
})
