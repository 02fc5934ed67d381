import { Secp256k1HdWallet } from '@cosmjs/amino'
import { DirectSecp256k1HdWallet, DirectSecp256k1Wallet, makeCosmoshubPath } from '@cosmjs/proto-signing'
import { BroadcastTxError, GasPrice, QueryClient, SigningStargateClient, StargateClient, type DeliverTxResponse, type StdFee } from '@cosmjs/stargate'
import { Comet38Client, connectComet } from '@cosmjs/tendermint-rpc'
import { QueryDenomMetadataRequest, QueryDenomMetadataResponse } from 'cosmjs-types/cosmos/bank/v1beta1/query'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  COSMOS_CAIP_NETWORK_ID,
  COSMOS_DEV_MNEMONIC,
  moduleAddress,
  startCosmosLedger,
  type CosmosDevAccount,
  type CosmosLedger,
} from './index.ts'

const DENOM = 'ustake'
const FEE: StdFee = { amount: [{ denom: DENOM, amount: '5000' }], gas: '200000' }
const clientOptions = { gasPrice: GasPrice.fromString('0.0025ustake'), broadcastPollIntervalMs: 100 }

async function balanceOf(client: StargateClient, address: string): Promise<bigint> {
  return BigInt((await client.getBalance(address, DENOM)).amount)
}

/** Expects a CheckTx refusal (cosmjs throws BroadcastTxError) and returns it. */
async function refusal(promise: Promise<unknown>): Promise<BroadcastTxError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(BroadcastTxError)
  return err as BroadcastTxError
}

describe('stack/cosmos bank ledger behind a CometBFT RPC', () => {
  let chain: CosmosLedger
  let query: StargateClient
  let direct: SigningStargateClient
  let amino: SigningStargateClient
  let alice: CosmosDevAccount
  let bob: CosmosDevAccount
  let carol: CosmosDevAccount
  const opened: Array<{ disconnect(): void }> = []

  beforeAll(async () => {
    chain = await startCosmosLedger({ port: 0 })
    ;[alice, bob, carol] = chain.accounts as [CosmosDevAccount, CosmosDevAccount, CosmosDevAccount]
    query = await StargateClient.connect(chain.rpcUrl)
    const hdPaths = chain.accounts.map((_, i) => makeCosmoshubPath(i))
    const directWallet = await DirectSecp256k1HdWallet.fromMnemonic(COSMOS_DEV_MNEMONIC, { prefix: 'cosmos', hdPaths })
    direct = await SigningStargateClient.connectWithSigner(chain.rpcUrl, directWallet, clientOptions)
    const aminoWallet = await Secp256k1HdWallet.fromMnemonic(COSMOS_DEV_MNEMONIC, { prefix: 'cosmos', hdPaths })
    amino = await SigningStargateClient.connectWithSigner(chain.rpcUrl, aminoWallet, clientOptions)
    opened.push(query, direct, amino)
  })
  afterAll(async () => {
    for (const c of opened) c.disconnect()
    await chain?.stop()
  })

  it('serves status as CometBFT 0.38 on 127.0.0.1 with the chain id portico-local-1', async () => {
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(chain.caipNetworkId).toBe('cosmos:portico-local-1')
    expect(COSMOS_CAIP_NETWORK_ID).toBe(chain.caipNetworkId)
    expect(await query.getChainId()).toBe('portico-local-1')
    expect(await query.getHeight()).toBeGreaterThanOrEqual(1)
    const comet = await connectComet(chain.rpcUrl)
    opened.push(comet)
    expect(comet).toBeInstanceOf(Comet38Client)
    // The URI form CometBFT also serves.
    const res = await fetch(`${chain.rpcUrl}/status`)
    const body = (await res.json()) as { result: { node_info: { network: string; version: string } } }
    expect(body.result.node_info).toMatchObject({ network: 'portico-local-1', version: expect.stringMatching(/^0\.38\./) })
  })

  it('derives the dev accounts like cosmjs wallets do and funds them with 1000 STAKE', async () => {
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(COSMOS_DEV_MNEMONIC, { prefix: 'cosmos', hdPaths: chain.accounts.map((_, i) => makeCosmoshubPath(i)) })
    expect((await wallet.getAccounts()).map((a) => a.address)).toEqual(chain.accounts.map((a) => a.address))
    for (const a of chain.accounts) expect(a.address).toMatch(/^cosmos1[02-9ac-hj-np-z]{38}$/)
    expect(await query.getBalance(carol.address, DENOM)).toEqual({ denom: DENOM, amount: '1000000000' })
    expect(await query.getAllBalances(carol.address)).toEqual([{ denom: DENOM, amount: '1000000000' }])
    const account = await query.getAccount(carol.address)
    expect(account).toMatchObject({ address: carol.address, accountNumber: 2n, sequence: 0, pubkey: null })
    expect(await query.getAccount('cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu')).toBeNull()
    expect(await query.getBalance('cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu', DENOM)).toEqual({ denom: DENOM, amount: '0' })

    const comet = await connectComet(chain.rpcUrl)
    opened.push(comet)
    const raw = await QueryClient.withExtensions(comet).queryAbci('/cosmos.bank.v1beta1.Query/DenomMetadata', QueryDenomMetadataRequest.encode({ denom: DENOM }).finish())
    const { metadata } = QueryDenomMetadataResponse.decode(raw.value)
    expect(metadata).toMatchObject({ base: DENOM, symbol: 'STAKE' })
    expect(metadata!.denomUnits.find((u) => u.denom === metadata!.display)?.exponent).toBe(6)
  })

  it('sends with a SIGN_MODE_DIRECT signer: balances move, the fee is charged, the sequence goes up', async () => {
    const feeCollector = moduleAddress('fee_collector')
    const [aliceBefore, bobBefore, feesBefore] = await Promise.all([balanceOf(query, alice.address), balanceOf(query, bob.address), balanceOf(query, feeCollector)])
    const result = await direct.sendTokens(alice.address, bob.address, [{ denom: DENOM, amount: '1234567' }], FEE, 'direct send')
    expect(result.code).toBe(0)
    expect(result.gasUsed).toBeGreaterThan(0n)
    expect(result.gasUsed).toBeLessThanOrEqual(200_000n)
    expect(await balanceOf(query, bob.address)).toBe(bobBefore + 1_234_567n)
    expect(await balanceOf(query, alice.address)).toBe(aliceBefore - 1_234_567n - 5_000n)
    expect(await balanceOf(query, feeCollector)).toBe(feesBefore + 5_000n)
    const account = await query.getAccount(alice.address)
    expect(account).toMatchObject({ sequence: 1, accountNumber: 0n })
    expect(account!.pubkey).toEqual({ type: 'tendermint/PubKeySecp256k1', value: expect.any(String) })
    const transfer = result.events.filter((e) => e.type === 'transfer').at(-1)!
    expect(Object.fromEntries(transfer.attributes.map((a) => [a.key, a.value]))).toMatchObject({ sender: alice.address, recipient: bob.address, amount: '1234567ustake' })
  })

  it('sends with a LEGACY_AMINO_JSON signer and auto gas (simulate), memo with characters Go escapes', async () => {
    const bobBefore = await balanceOf(query, bob.address)
    const result = await amino.sendTokens(carol.address, bob.address, [{ denom: DENOM, amount: '1000' }], 'auto', 'amino <send> & more')
    expect(result.code).toBe(0)
    expect(result.gasUsed).toBeLessThanOrEqual(result.gasWanted)
    expect(await balanceOf(query, bob.address)).toBe(bobBefore + 1000n)
    expect((await query.getAccount(carol.address))!.sequence).toBe(1)
    const found = await query.getTx(result.transactionHash)
    expect(found).toMatchObject({ hash: result.transactionHash, height: result.height, code: 0 })
  })

  it('finds transfers with getTx, searchTx and the CometBFT tx method', async () => {
    const result = await direct.sendTokens(bob.address, carol.address, [{ denom: DENOM, amount: '777' }], FEE)
    expect((await query.getTx(result.transactionHash))!.tx).toBeInstanceOf(Uint8Array)
    const byRecipient = await query.searchTx([{ key: 'transfer.recipient', value: carol.address }])
    expect(byRecipient.map((t) => t.hash)).toContain(result.transactionHash)
    const bySender = await query.searchTx(`message.sender='${bob.address}' AND tx.height=${result.height}`)
    expect(bySender.map((t) => t.hash)).toEqual([result.transactionHash])
    expect(await query.searchTx(`message.sender='${bob.address}' AND tx.height>${result.height}`)).toEqual([])
    expect(await query.getTx('00'.repeat(32))).toBeNull()

    const comet = await connectComet(chain.rpcUrl)
    opened.push(comet)
    const tx = await comet.tx({ hash: Uint8Array.from(Buffer.from(result.transactionHash, 'hex')) })
    expect(tx.height).toBe(result.height)
    const block = await query.getBlock(result.height)
    expect(block.header.height).toBe(result.height)
    expect(block.txs).toHaveLength(1)
  })

  it('answers broadcast_tx_commit with the block result (positional params)', async () => {
    const { accountNumber, sequence } = await direct.getSequence(carol.address)
    const msg = { typeUrl: '/cosmos.bank.v1beta1.MsgSend', value: { fromAddress: carol.address, toAddress: alice.address, amount: [{ denom: DENOM, amount: '42' }] } }
    const signed = await direct.sign(carol.address, [msg], FEE, 'commit', { accountNumber, sequence, chainId: 'portico-local-1' })
    const txBase64 = Buffer.from(TxRaw.encode(signed).finish()).toString('base64')
    const rpc = (method: string, params: unknown) =>
      fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then(
        (r) => r.json() as Promise<{ result?: Record<string, unknown>; error?: { data: string } }>,
      )
    const committed = await rpc('broadcast_tx_commit', [txBase64])
    expect(committed.result).toMatchObject({ check_tx: { code: 0 }, tx_result: { code: 0 } })
    const height = Number(committed.result!.height)
    expect(height).toBeGreaterThan(1)
    const search = await rpc('tx_search', { query: `tx.height=${height}`, per_page: '1', page: '1' })
    expect(search.result).toMatchObject({ total_count: '1', txs: [{ hash: committed.result!.hash, height: String(height), index: 0 }] })
    expect((await query.getAccount(carol.address))!.sequence).toBe(sequence + 1)
  })

  it('refuses a wrong sequence with code 32 (codespace sdk)', async () => {
    const { accountNumber, sequence } = await direct.getSequence(alice.address)
    const msg = { typeUrl: '/cosmos.bank.v1beta1.MsgSend', value: { fromAddress: alice.address, toAddress: bob.address, amount: [{ denom: DENOM, amount: '1' }] } }
    const signed = await direct.sign(alice.address, [msg], FEE, '', { accountNumber, sequence: sequence + 5, chainId: 'portico-local-1' })
    const err = await refusal(direct.broadcastTx(TxRaw.encode(signed).finish()))
    expect(err.code).toBe(32)
    expect(err.codespace).toBe('sdk')
    expect(err.log).toBe(`account sequence mismatch, expected ${sequence}, got ${sequence + 5}: incorrect account sequence`)
    expect((await query.getAccount(alice.address))!.sequence).toBe(sequence)
  })

  it('refuses a bad signature and a signature for another chain id with code 4', async () => {
    const before = await balanceOf(query, alice.address)
    const { accountNumber, sequence } = await direct.getSequence(alice.address)
    const msg = { typeUrl: '/cosmos.bank.v1beta1.MsgSend', value: { fromAddress: alice.address, toAddress: bob.address, amount: [{ denom: DENOM, amount: '1' }] } }
    const signed = await direct.sign(alice.address, [msg], FEE, '', { accountNumber, sequence, chainId: 'portico-local-1' })
    const tampered = TxRaw.fromPartial({ ...signed, signatures: [Uint8Array.from(signed.signatures[0]!.map((b, i) => (i === 5 ? b ^ 1 : b)))] })
    const err = await refusal(direct.broadcastTx(TxRaw.encode(tampered).finish()))
    expect(err.code).toBe(4)
    expect(err.codespace).toBe('sdk')
    expect(err.log).toBe(
      `signature verification failed; please verify account number (${accountNumber}), sequence (${sequence}) and chain-id (portico-local-1): unauthorized`,
    )

    const otherChain = await amino.sign(alice.address, [msg], FEE, '', { accountNumber, sequence, chainId: 'cosmoshub-4' })
    expect((await refusal(amino.broadcastTx(TxRaw.encode(otherChain).finish()))).code).toBe(4)
    expect(await balanceOf(query, alice.address)).toBe(before) // nothing charged
    expect((await query.getAccount(alice.address))!.sequence).toBe(sequence)
  })

  it('refuses a fee under the minimum gas price with code 13', async () => {
    const err = await refusal(direct.sendTokens(alice.address, bob.address, [{ denom: DENOM, amount: '1' }], { amount: [{ denom: DENOM, amount: '10' }], gas: '200000' }))
    expect(err.code).toBe(13)
    expect(err.log).toBe('insufficient fees; got: 10ustake required: 500ustake: insufficient fee')
  })

  it('insufficient funds: a send above the balance fails in the block with code 5 (fee still paid); a fee above it is refused at CheckTx', async () => {
    const key = crypto.getRandomValues(new Uint8Array(32))
    const wallet = await DirectSecp256k1Wallet.fromKey(key, 'cosmos')
    const dave = (await wallet.getAccounts())[0]!.address
    const daveClient = await SigningStargateClient.connectWithSigner(chain.rpcUrl, wallet, clientOptions)
    opened.push(daveClient)
    const funded = await direct.sendTokens(alice.address, dave, [{ denom: DENOM, amount: '20000' }], FEE)
    expect(funded.code).toBe(0)

    const failed: DeliverTxResponse = await daveClient.sendTokens(dave, bob.address, [{ denom: DENOM, amount: '50000' }], FEE)
    expect(failed.code).toBe(5)
    expect(failed.rawLog).toBe('failed to execute message; message index: 0: spendable balance 15000ustake is smaller than 50000ustake: insufficient funds')
    expect(await balanceOf(query, dave)).toBe(15_000n) // 20000 minus the 5000 fee; the send itself was reverted
    expect((await query.getAccount(dave))!.sequence).toBe(1)
    expect(await query.getTx(failed.transactionHash)).toMatchObject({ code: 5 })

    const err = await refusal(daveClient.sendTokens(dave, bob.address, [{ denom: DENOM, amount: '1' }], { amount: [{ denom: DENOM, amount: '20000' }], gas: '200000' }))
    expect(err.code).toBe(5)
    expect(err.codespace).toBe('sdk')
    expect(err.log).toBe('spendable balance 15000ustake is smaller than 20000ustake: insufficient funds: insufficient funds')
  })

  it('refuses an unknown sender account (code 9) and answers JSON-RPC errors', async () => {
    const wallet = await DirectSecp256k1Wallet.fromKey(crypto.getRandomValues(new Uint8Array(32)), 'cosmos')
    const nobody = (await wallet.getAccounts())[0]!.address
    const client = await SigningStargateClient.connectWithSigner(chain.rpcUrl, wallet, clientOptions)
    opened.push(client)
    const msg = { typeUrl: '/cosmos.bank.v1beta1.MsgSend', value: { fromAddress: nobody, toAddress: bob.address, amount: [{ denom: DENOM, amount: '1' }] } }
    const signed = await client.sign(nobody, [msg], FEE, '', { accountNumber: 99n, sequence: 0, chainId: 'portico-local-1' })
    const err = await refusal(client.broadcastTx(TxRaw.encode(signed).finish()))
    expect(err.code).toBe(9)
    expect(err.log).toBe(`fee payer address: ${nobody} does not exist: unknown address`)

    const res = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:5173' }, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'no_such_method', params: {} }) })
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found', data: '' } })
    const notFound = await fetch(`${chain.rpcUrl}/tx?hash=0x${'AB'.repeat(32)}`)
    expect(notFound.status).toBe(500)
    expect(((await notFound.json()) as { error: { data: string } }).error.data).toBe(`tx (${'AB'.repeat(32)}) not found`)
  })
})


describe('stack/cosmos mempool between blocks', () => {
  let chain: CosmosLedger
  let client: SigningStargateClient

  beforeAll(async () => {
    // Blocks only when the test cuts one, so the mempool state is deterministic.
    chain = await startCosmosLedger({ port: 0, blockDelayMs: 600_000 })
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(COSMOS_DEV_MNEMONIC, { prefix: 'cosmos' })
    client = await SigningStargateClient.connectWithSigner(chain.rpcUrl, wallet, clientOptions)
  })
  afterAll(async () => {
    client?.disconnect()
    await chain?.stop()
  })

  it('keeps checked transactions in the mempool, refuses a copy from the cache and lets the next sequence through', async () => {
    const [alice, bob] = chain.accounts as [CosmosDevAccount, CosmosDevAccount]
    const send = (sequence: number) =>
      client.sign(alice.address, [{ typeUrl: '/cosmos.bank.v1beta1.MsgSend', value: { fromAddress: alice.address, toAddress: bob.address, amount: [{ denom: DENOM, amount: '5' }] } }], FEE, '', {
        accountNumber: 0n,
        sequence,
        chainId: 'portico-local-1',
      })
    const first = TxRaw.encode(await send(0)).finish()
    const hash = await client.broadcastTxSync(first)
    await expect(client.broadcastTxSync(first)).rejects.toThrow(/tx already exists in cache/)
    // CheckTx state already counts the first transaction's sequence.
    const second = await client.broadcastTxSync(TxRaw.encode(await send(1)).finish())
    const pending = (await fetch(`${chain.rpcUrl}/num_unconfirmed_txs`).then((r) => r.json())) as { result: { n_txs: string } }
    expect(pending.result.n_txs).toBe('2')
    expect(await client.getTx(hash)).toBeNull()

    chain.node.commitBlock()
    expect(await client.getTx(hash)).toMatchObject({ code: 0 })
    expect(await client.getTx(second)).toMatchObject({ code: 0 })
    expect((await client.getAccount(alice.address))!.sequence).toBe(2)
    expect(await client.getBalance(bob.address, DENOM)).toEqual({ denom: DENOM, amount: '1000000010' })
  })
})
