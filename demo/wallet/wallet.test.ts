import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SignClient } from '@walletconnect/sign-client'
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { toHex } from 'viem'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64, hex } from '@scure/base'
import { PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'
import { startRelay, type Relay } from '../../stack/relay/index.ts'
import { MemoryStorage } from '../../stack/relay/test-kit.ts'
import { SOLANA_CAIP_NETWORK_ID } from '../../stack/solana/seed.ts'

import * as bitcoin from 'bitcoinjs-lib'
import { Verifier } from 'bip322-js'
import { encodeSecp256k1Pubkey, makeCosmoshubPath, pubkeyToAddress, Secp256k1HdWallet, serializeSignDoc } from '@cosmjs/amino'
import { makeSignBytes, makeSignDoc } from '@cosmjs/proto-signing'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { TypeRegistry } from '@polkadot/types'
import { DEV_WALLET_MNEMONIC } from 'portico/testing'
import { startBitcoinRegtest, type BitcoinRegtest } from '../../stack/bitcoin/index.ts'
import { DemoWallet, METHODS, EVENTS, SOLANA_METHODS, COSMOS_METHODS, requestError, RequestError } from './wallet.ts'

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

describe('demo wallet: bip122, cosmos and polkadot in the same session (real sign-client, WalletKit, relay, regtest ledger; real signing libraries)', () => {
  const COSMOS_CHAIN_ID = 'portico-test-1'
  const COSMOS_CHAIN = `cosmos:${COSMOS_CHAIN_ID}`
  const POLKADOT_CHAIN = `polkadot:${'ab'.repeat(16)}`
  /** The stack's regtest dev account 0 (stack/bitcoin README): m/84'/1'/0'/0/0 of the dev mnemonic. */
  const PAYMENT0 = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'
  let relay: Relay
  let regtest: BitcoinRegtest
  let dapp: InstanceType<typeof SignClient>
  let walletCore: InstanceType<typeof Core>
  let wallet: DemoWallet
  let topic = ''
  let session: { topic: string; namespaces: Record<string, { accounts: string[]; methods: string[]; chains?: string[] }> }
  let alice: { address: string }

  beforeAll(async () => {
    ;[relay, regtest] = await Promise.all([startRelay(), startBitcoinRegtest()])
    const prefix = `demo-wallet-ns-test-${process.pid}-${Math.random()}`
    dapp = await SignClient.init({
      projectId: 'portico-local',
      relayUrl: relay.url,
      customStoragePrefix: `${prefix}-dapp`,
      storage: new MemoryStorage() as never,
      logger: 'silent',
      telemetryEnabled: false,
      metadata: { name: 'Test dapp', description: '', url: 'http://127.0.0.1', icons: [] },
    })
    walletCore = new Core({ projectId: 'portico-local', relayUrl: relay.url, customStoragePrefix: `${prefix}-wallet`, storage: new MemoryStorage() as never, logger: 'silent', telemetryEnabled: false })
    const kit = await WalletKit.init({ core: walletCore, metadata: { name: 'Portico Demo Wallet', description: '', url: 'http://127.0.0.1', icons: [] } })
    wallet = new DemoWallet({
      projectId: 'portico-local',
      relayUrl: relay.url,
      chains: [{ chainId: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:1' }],
      bitcoin: { url: regtest.url, caipNetworkId: regtest.caipNetworkId },
      cosmos: { rpcUrl: 'http://127.0.0.1:1', chainId: COSMOS_CHAIN_ID, caipNetworkId: COSMOS_CHAIN },
      polkadot: { wsUrl: 'ws://127.0.0.1:1', caipNetworkId: POLKADOT_CHAIN },
    })
    wallet.attach(kit)
    await cryptoWaitReady()
    alice = new Keyring({ type: 'sr25519', ss58Format: 2 }).addFromUri('//Alice')

    // What plugins/walletconnect proposes for a host composing these namespaces: the optional namespaces with their
    // WalletConnect methods (mainnet bitcoin too, which the wallet does not have).
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: [CHAIN], methods: METHODS, events: EVENTS },
        bip122: { chains: [regtest.caipNetworkId, 'bip122:000000000019d6689c085ae165831e93'], methods: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'], events: ['bip122_addressesChanged'] },
        cosmos: { chains: [COSMOS_CHAIN], methods: COSMOS_METHODS, events: [] },
        polkadot: { chains: [POLKADOT_CHAIN], methods: ['polkadot_signTransaction', 'polkadot_signMessage'], events: [] },
      },
    })
    await wallet.pair(uri!)
    await vi.waitFor(() => expect(wallet.getSnapshot().proposals).toHaveLength(1), { timeout: ANSWER_DEADLINE_MS })
    expect(wallet.getSnapshot().proposals[0]!.chains).toEqual([CHAIN, regtest.caipNetworkId, COSMOS_CHAIN, POLKADOT_CHAIN])
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
    await regtest?.stop()
  })

  async function settle(method: string, params: unknown, chainId: string, answer: 'approve' | 'reject' = 'approve') {
    let settled: { result?: unknown; error?: { code?: unknown; message?: unknown } } | undefined
    void dapp.request({ topic, chainId, request: { method, params } }).then(
      (result) => (settled = { result }),
      (error: { code?: unknown; message?: unknown }) => (settled = { error }),
    )
    await expect.poll(() => wallet.getSnapshot().requests.find((r) => r.method === method && r.chainId === chainId), { timeout: ANSWER_DEADLINE_MS }).toBeTruthy()
    const request = wallet.getSnapshot().requests.find((r) => r.method === method && r.chainId === chainId)!
    if (answer === 'approve') await wallet.approveRequest(request)
    else await wallet.rejectRequest(request)
    await expect.poll(() => settled, { timeout: ANSWER_DEADLINE_MS }).toBeDefined()
    return settled!
  }

  it('approves the local regtest (not mainnet), the cosmos chain and the polkadot chain with the dev keys and the WalletConnect methods', async () => {
    expect(session.namespaces.bip122).toMatchObject({ accounts: [`${regtest.caipNetworkId}:${PAYMENT0}`], methods: ['signMessage', 'signPsbt', 'getAccountAddresses'] })
    const [cosmosAccount] = await Secp256k1HdWallet.fromMnemonic(DEV_WALLET_MNEMONIC, { hdPaths: [makeCosmoshubPath(0)], prefix: 'cosmos' }).then((w) => w.getAccounts())
    expect(session.namespaces.cosmos).toMatchObject({ accounts: [`${COSMOS_CHAIN}:${cosmosAccount!.address}`], methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'] })
    expect(session.namespaces.polkadot).toMatchObject({ accounts: [`${POLKADOT_CHAIN}:${alice.address}`], methods: ['polkadot_signMessage', 'polkadot_signTransaction'] })
    expect(wallet.getSnapshot().accounts.map((a) => a.chain)).toEqual([regtest.caipNetworkId, COSMOS_CHAIN, POLKADOT_CHAIN])
  })

  it('bip122 signMessage: a BIP-322 simple signature (hex) that bip322-js verifies for the payment address', async () => {
    const { result } = await settle('signMessage', { account: PAYMENT0, message: 'Hello from Portico', address: PAYMENT0, protocol: 'bip322' }, regtest.caipNetworkId)
    const { address, signature } = result as { address: string; signature: string }
    expect(address).toBe(PAYMENT0)
    expect(signature).toMatch(/^[0-9a-f]+$/)
    const b64 = base64.encode(hex.decode(signature))
    expect(Verifier.verifySignature(PAYMENT0, 'Hello from Portico', b64)).toBe(true)
    expect(Verifier.verifySignature(PAYMENT0, 'Hello from Portico!', b64)).toBe(false)
  })

  it('bip122 signPsbt with broadcast: the wallet signs its UTXO, finalizes and the regtest ledger accepts the transaction', async () => {
    const [utxo] = (await (await fetch(`${regtest.url}/address/${PAYMENT0}/utxo`)).json()) as Array<{ txid: string; vout: number; value: number }>
    const script = bitcoin.address.toOutputScript(PAYMENT0, bitcoin.networks.regtest)
    const psbt = new bitcoin.Psbt({ network: bitcoin.networks.regtest })
      .addInput({ hash: utxo!.txid, index: utxo!.vout, witnessUtxo: { script, value: BigInt(utxo!.value) } })
      .addOutput({ address: regtest.accounts[1]!.payment.address, value: 10_000n })
      .addOutput({ script, value: BigInt(utxo!.value - 10_000 - 500) })
    const unsigned = psbt.toBase64()

    const signedOnly = (await settle('signPsbt', { account: PAYMENT0, psbt: unsigned, signInputs: [{ address: PAYMENT0, index: 0, sighashTypes: [1] }] }, regtest.caipNetworkId)).result as { psbt: string; txid?: string }
    expect(signedOnly.txid).toBeUndefined()
    expect(bitcoin.Psbt.fromBase64(signedOnly.psbt).data.inputs[0]!.partialSig).toHaveLength(1)

    const { result } = await settle('signPsbt', { account: PAYMENT0, psbt: unsigned, signInputs: [{ address: PAYMENT0, index: 0 }], broadcast: true }, regtest.caipNetworkId)
    const { txid } = result as { psbt: string; txid: string }
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    const status = (await (await fetch(`${regtest.url}/tx/${txid}/status`)).json()) as { confirmed: boolean }
    expect(status.confirmed).toBe(true)
  })

  it('bip122 bad params: -32602 with the reason (no message; an input the PSBT does not have; a foreign address)', async () => {
    expect((await settle('signMessage', { account: PAYMENT0 }, regtest.caipNetworkId)).error).toMatchObject({ code: -32602 })
    expect(wallet.getSnapshot().error).toBe('signMessage failed: signMessage expects a message string')
    const psbt = new bitcoin.Psbt({ network: bitcoin.networks.regtest }).addInput({ hash: '00'.repeat(32), index: 0 }).toBase64()
    expect((await settle('signPsbt', { account: PAYMENT0, psbt, signInputs: [{ address: PAYMENT0, index: 3 }] }, regtest.caipNetworkId)).error).toMatchObject({ code: -32602 })
    expect(wallet.getSnapshot().error).toBe('signPsbt failed: Input 3 is not in the PSBT')
    expect((await settle('signPsbt', { account: PAYMENT0, psbt: 'not a psbt', signInputs: [] }, regtest.caipNetworkId)).error).toMatchObject({ code: -32602 })
    expect(wallet.getSnapshot().error).toBe('signPsbt failed: signPsbt expects a base64 PSBT')
  })

  it('cosmos_getAccounts, cosmos_signAmino (ADR-036) and cosmos_signDirect: secp256k1 signatures cosmjs verifies; another chain is -32602', async () => {
    const accounts = (await settle('cosmos_getAccounts', {}, COSMOS_CHAIN)).result as Array<{ address: string; algo: string; pubkey: string }>
    expect(accounts).toHaveLength(1)
    const { address, pubkey } = accounts[0]!
    expect(pubkeyToAddress(encodeSecp256k1Pubkey(base64.decode(pubkey)), 'cosmos')).toBe(address)

    const adr036 = {
      chain_id: '',
      account_number: '0',
      sequence: '0',
      fee: { gas: '0', amount: [] },
      msgs: [{ type: 'sign/MsgSignData', value: { signer: address, data: base64.encode(new TextEncoder().encode('Hello from Portico')) } }],
      memo: '',
    }
    const amino = (await settle('cosmos_signAmino', { signerAddress: address, signDoc: adr036 }, COSMOS_CHAIN)).result as { signature: { signature: string } }
    const aminoSig = Secp256k1Signature.fromFixedLength(base64.decode(amino.signature.signature))
    expect(await Secp256k1.verifySignature(aminoSig, sha256(serializeSignDoc(adr036)), base64.decode(pubkey))).toBe(true)
    expect(await Secp256k1.verifySignature(aminoSig, sha256(serializeSignDoc({ ...adr036, memo: 'x' })), base64.decode(pubkey))).toBe(false)

    const doc = makeSignDoc(new Uint8Array([10, 2, 8, 1]), new Uint8Array([18, 4, 10, 2, 8, 1]), COSMOS_CHAIN_ID, 7)
    const wire = { chainId: COSMOS_CHAIN_ID, accountNumber: '7', bodyBytes: base64.encode(doc.bodyBytes), authInfoBytes: base64.encode(doc.authInfoBytes) }
    const direct = (await settle('cosmos_signDirect', { signerAddress: address, signDoc: wire }, COSMOS_CHAIN)).result as { signature: { signature: string }; signed: typeof wire }
    expect(direct.signed).toEqual(wire)
    const directSig = Secp256k1Signature.fromFixedLength(base64.decode(direct.signature.signature))
    expect(await Secp256k1.verifySignature(directSig, sha256(makeSignBytes(doc)), base64.decode(pubkey))).toBe(true)

    expect((await settle('cosmos_signDirect', { signerAddress: address, signDoc: { ...wire, chainId: 'cosmoshub-4' } }, COSMOS_CHAIN)).error).toMatchObject({ code: -32602 })
    expect(wallet.getSnapshot().error).toBe(`cosmos_signDirect failed: The sign doc is for chain cosmoshub-4, not ${COSMOS_CHAIN_ID}`)
  })

  it('polkadot_signMessage (wrapped in <Bytes>) and polkadot_signTransaction: sr25519 signatures @polkadot/util-crypto verifies for //Alice', async () => {
    const message = '<Bytes>Hello from Portico</Bytes>'
    const signed = (await settle('polkadot_signMessage', { address: alice.address, data: `0x${hex.encode(new TextEncoder().encode(message))}`, type: 'bytes' }, POLKADOT_CHAIN)).result as { signature: string }
    expect(signatureVerify(message, signed.signature, alice.address).isValid).toBe(true)
    expect(signatureVerify('<Bytes>Hello from Portico!</Bytes>', signed.signature, alice.address).isValid).toBe(false)

    const payload = {
      address: alice.address,
      blockHash: `0x${'11'.repeat(32)}`,
      blockNumber: '0x00000001',
      era: '0x00',
      genesisHash: `0x${'ab'.repeat(32)}`,
      method: '0x00000c616263',
      nonce: '0x00000000',
      specVersion: '0x00000001',
      tip: '0x00000000000000000000000000000000',
      transactionVersion: '0x00000001',
      signedExtensions: ['CheckSpecVersion', 'CheckTxVersion', 'CheckGenesis', 'CheckMortality', 'CheckNonce', 'CheckWeight', 'ChargeTransactionPayment'],
      version: 4,
    }
    const tx = (await settle('polkadot_signTransaction', { address: alice.address, transactionPayload: payload }, POLKADOT_CHAIN)).result as { signature: string }
    const registry = new TypeRegistry()
    registry.setSignedExtensions(payload.signedExtensions)
    const bytes = registry.createType('ExtrinsicPayload', payload, { version: 4 }).toU8a({ method: true })
    expect(signatureVerify(bytes, tx.signature, alice.address).isValid).toBe(true)

    // A payload for another chain, an address that is not the wallet's: -32602.
    expect((await settle('polkadot_signTransaction', { address: alice.address, transactionPayload: { ...payload, genesisHash: `0x${'cd'.repeat(32)}` } }, POLKADOT_CHAIN)).error).toMatchObject({ code: -32602 })
    const bob = new Keyring({ type: 'sr25519', ss58Format: 2 }).addFromUri('//Bob').address
    expect((await settle('polkadot_signMessage', { address: bob, data: '0x00' }, POLKADOT_CHAIN)).error).toMatchObject({ code: -32602 })
    expect(wallet.getSnapshot().error).toBe(`polkadot_signMessage failed: Unknown account ${bob}`)
  })

  it('Reject answers 4001 in every namespace', async () => {
    expect((await settle('signMessage', { account: PAYMENT0, message: 'no' }, regtest.caipNetworkId, 'reject')).error).toMatchObject({ code: 4001 })
    expect((await settle('cosmos_getAccounts', {}, COSMOS_CHAIN, 'reject')).error).toMatchObject({ code: 4001 })
    expect((await settle('polkadot_signMessage', { address: alice.address, data: '0x01' }, POLKADOT_CHAIN, 'reject')).error).toMatchObject({ code: 4001 })
  })
})
