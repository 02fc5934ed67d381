import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createConnection } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { base58 } from '@scure/base'
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionExpiredBlockheightExceededError,
  TransactionMessage,
  VersionedTransaction,
  type ParsedInstruction,
  type SignatureResult,
} from '@solana/web3.js'
import { getAccount, getAssociatedTokenAddressSync, getOrCreateAssociatedTokenAccount, transfer, unpackAccount } from '@solana/spl-token'
import { startSolanaCluster, solanaDevAccounts, solanaDevKeypair, MAX_PROCESSING_AGE, type SolanaCluster } from './index.ts'

type RpcReply = { jsonrpc: string; id: unknown; result?: any; error?: { code: number; message: string; data?: any } }

async function rpc(url: string, method: string, params: unknown[] = []): Promise<RpcReply> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }) })
  return (await res.json()) as RpcReply
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** A raw PubSub client: every message in arrival order, and request/response by id. */
class RawSocket {
  readonly messages: any[] = []
  private nextId = 1
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse(data.toString())))
  }
  static open(url: string): Promise<RawSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url)
      ws.once('open', () => resolve(new RawSocket(ws)))
      ws.once('error', reject)
    })
  }
  async request(method: string, params: unknown[] = []): Promise<RpcReply> {
    const id = this.nextId++
    this.ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
    return until(`${method} reply`, () => this.messages.find((m) => m.id === id))
  }
  notifications(subscription: number): any[] {
    return this.messages.filter((m) => m.params?.subscription === subscription)
  }
  close(): void {
    this.ws.close()
  }
}

const devKeypair = (i: number): Keypair => solanaDevKeypair(i)

function transferTx(from: Keypair, to: PublicKey, lamports: number, blockhash: string): Transaction {
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }),
  )
  tx.sign(from)
  return tx
}

describe('stack/solana local cluster', () => {
  let cluster: SolanaCluster
  let connection: Connection

  beforeAll(async () => {
    cluster = await startSolanaCluster({ slotMs: 100 })
    connection = new Connection(cluster.rpcUrl, { commitment: 'confirmed', wsEndpoint: cluster.wsUrl })
  })
  afterAll(async () => {
    await cluster?.stop()
  })

  it('serves on 127.0.0.1 with PubSub on the next port, and names the cluster by its genesis hash (CAIP-2/CAIP-30)', async () => {
    const { port } = new URL(cluster.rpcUrl)
    expect(cluster.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(cluster.wsUrl).toBe(`ws://127.0.0.1:${Number(port) + 1}`)
    expect(await connection.getGenesisHash()).toBe(cluster.genesisHash)
    expect(cluster.caipNetworkId).toBe(`solana:${cluster.genesisHash.slice(0, 32)}`)
    expect(cluster.caipNetworkId).toMatch(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/)
    expect((await connection.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    expect((await rpc(cluster.rpcUrl, 'getHealth')).result).toBe('ok')
    expect(await (await fetch(`${cluster.rpcUrl}/health`)).text()).toBe('ok')
  })

  it('advances slots on its clock, with block height equal to the slot and a fresh blockhash per slot', async () => {
    const first = await connection.getLatestBlockhash()
    const slot0 = await connection.getSlot()
    const later = await until('a later slot', async () => {
      const s = await connection.getSlot()
      return s > slot0 ? s : undefined
    })
    expect(later).toBeGreaterThan(slot0)
    expect(await connection.getBlockHeight()).toBeGreaterThanOrEqual(later)
    const next = await connection.getLatestBlockhash()
    expect(next.blockhash).not.toBe(first.blockhash)
    expect(next.lastValidBlockHeight - first.lastValidBlockHeight).toBeGreaterThan(0)
    const epoch = await connection.getEpochInfo()
    expect(epoch.slotsInEpoch).toBe(432_000)
    expect(epoch.absoluteSlot).toBeGreaterThanOrEqual(later)
    expect(epoch.transactionCount).toBeGreaterThanOrEqual(10) // the seed transactions
  })

  it('funds the dev accounts with 1000 SOL and answers rent and balances through web3.js', async () => {
    expect(cluster.accounts).toEqual(solanaDevAccounts.map((a) => a.address))
    expect(cluster.deployment.accounts).toEqual(cluster.accounts)
    for (const index of [5, 6, 7, 8]) {
      expect(await connection.getBalance(new PublicKey(cluster.accounts[index]!))).toBe(1000 * LAMPORTS_PER_SOL)
    }
    expect(await connection.getBalance(Keypair.generate().publicKey)).toBe(0)
    expect(await connection.getMinimumBalanceForRentExemption(165)).toBe(2_039_280)
    expect(await connection.getAccountInfo(Keypair.generate().publicKey)).toBeNull()
    const info = await connection.getAccountInfo(new PublicKey(cluster.accounts[5]!))
    expect(info).toMatchObject({ lamports: 1000 * LAMPORTS_PER_SOL, executable: false, data: Buffer.alloc(0) })
    expect(info!.owner.toBase58()).toBe(SystemProgram.programId.toBase58())
  })

  it('seeds a 6-decimal USDC-like mint and a 9-decimal token with balances for accounts 0-3', async () => {
    const { usdc6, ptk9 } = cluster.mints
    expect(usdc6).toMatchObject({ decimals: 6, symbol: 'USDC' })
    expect(ptk9).toMatchObject({ decimals: 9, symbol: 'PTK' })
    for (const [mint, amount] of [
      [usdc6, 1000],
      [ptk9, 250.5],
    ] as const) {
      const supply = await connection.getTokenSupply(new PublicKey(mint.address))
      expect(supply.value.decimals).toBe(mint.decimals)
      expect(supply.value.uiAmount).toBe(amount * 4)
      for (const owner of cluster.accounts.slice(0, 4)) {
        const ata = getAssociatedTokenAddressSync(new PublicKey(mint.address), new PublicKey(owner))
        expect(cluster.deployment.tokenAccounts[owner]![mint === usdc6 ? 'usdc6' : 'ptk9']).toBe(ata.toBase58())
        const balance = await connection.getTokenAccountBalance(ata)
        expect(balance.value.uiAmount).toBe(amount)
        expect(balance.value.decimals).toBe(mint.decimals)
      }
    }
    expect((await connection.getTokenAccountBalance(getAssociatedTokenAddressSync(new PublicKey(ptk9.address), new PublicKey(cluster.accounts[3]!)))).value).toEqual({
      amount: '250500000000',
      decimals: 9,
      uiAmount: 250.5,
      uiAmountString: '250.5',
    })
  })

  it('airdrops with requestAirdrop: a faucet transfer that confirms and shows in history', async () => {
    const receiver = Keypair.generate().publicKey
    const signature = await connection.requestAirdrop(receiver, 2 * LAMPORTS_PER_SOL)
    const latest = await connection.getLatestBlockhash()
    const confirmed = await connection.confirmTransaction({ signature, ...latest })
    expect(confirmed.value.err).toBeNull()
    expect(await connection.getBalance(receiver)).toBe(2 * LAMPORTS_PER_SOL)
    const history = await connection.getSignaturesForAddress(receiver)
    expect(history.map((h) => h.signature)).toEqual([signature])
    const tx = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 })
    const ix = tx!.transaction.message.instructions[0] as ParsedInstruction
    expect(ix.program).toBe('system')
    expect(ix.parsed).toEqual({ type: 'transfer', info: { source: cluster.deployment.faucet, destination: receiver.toBase58(), lamports: 2 * LAMPORTS_PER_SOL } })
    const refused = await rpc(cluster.rpcUrl, 'requestAirdrop', [receiver.toBase58(), -5])
    expect(refused.error?.code).toBe(-32602)
  })

  it('confirms a SOL transfer through signatureSubscribe, charging exactly the getFeeForMessage fee', async () => {
    const from = devKeypair(5)
    const to = Keypair.generate().publicKey
    const before = await connection.getBalance(from.publicKey)
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = transferTx(from, to, 12_345_678, blockhash)
    const encoded = tx.serialize()
    const sig58 = base58.encode(tx.signature!)
    const notified = new Promise<{ result: SignatureResult; slot: number }>((resolve) => {
      connection.onSignature(sig58, (result, context) => resolve({ result, slot: context.slot }), 'confirmed')
    })
    const sent = await connection.sendRawTransaction(encoded)
    expect(sent).toBe(sig58)
    const { result, slot } = await notified
    expect(result.err).toBeNull()
    const fee = await connection.getFeeForMessage(tx.compileMessage())
    expect(fee.value).toBe(5000)
    expect(await connection.getBalance(to)).toBe(12_345_678)
    expect(await connection.getBalance(from.publicKey)).toBe(before - 12_345_678 - 5000)
    const status = await connection.getSignatureStatus(sig58)
    expect(status.value).toMatchObject({ err: null, confirmationStatus: 'finalized', confirmations: null, slot })
  })

  it('quotes in getFeeForMessage the fee a transaction is charged, priority fees included', async () => {
    const from = devKeypair(5)
    const variants = [
      { budget: [ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000 })], fee: 5000 + 6000 }, // 2 builtins x 3000 units
      { budget: [ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000 }), ComputeBudgetProgram.setComputeUnitLimit({ units: 500 })], fee: 5500 },
      { budget: [ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 3 })], fee: 5001 }, // rounded up
    ]
    for (const { budget, fee } of variants) {
      const { blockhash } = await connection.getLatestBlockhash()
      const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(
        ...budget,
        SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
      )
      tx.sign(from)
      expect((await connection.getFeeForMessage(tx.compileMessage())).value).toBe(fee)
      const signature = await connection.sendRawTransaction(tx.serialize())
      expect((await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))!.meta!.fee).toBe(fee)
    }
  })

  it('sends PubSub notifications in the validator shapes (account, signature, slot) over a raw socket', async () => {
    const socket = await RawSocket.open(cluster.wsUrl)
    try {
      const from = devKeypair(6)
      const to = Keypair.generate()
      const accountSub = await socket.request('accountSubscribe', [to.publicKey.toBase58(), { encoding: 'base64', commitment: 'confirmed' }])
      expect(accountSub).toEqual({ jsonrpc: '2.0', result: expect.any(Number), id: expect.any(Number) })
      const { blockhash } = await connection.getLatestBlockhash()
      const tx = transferTx(from, to.publicKey, 1_000_000, blockhash)
      const signature = base58.encode(tx.signatures[0]!.signature!)
      const sigSub = await socket.request('signatureSubscribe', [signature, { commitment: 'confirmed', enableReceivedNotification: true }])
      const sent = await rpc(cluster.rpcUrl, 'sendTransaction', [tx.serialize().toString('base64'), { encoding: 'base64' }])
      expect(sent.result).toBe(signature)

      const signatureMessages = await until('signature notifications', () => {
        const list = socket.notifications(sigSub.result)
        return list.length >= 2 ? list : undefined
      })
      const slot = signatureMessages[1].params.result.context.slot
      expect(signatureMessages).toEqual([
        { jsonrpc: '2.0', method: 'signatureNotification', params: { result: { context: { slot }, value: 'receivedSignature' }, subscription: sigSub.result } },
        { jsonrpc: '2.0', method: 'signatureNotification', params: { result: { context: { slot }, value: { err: null } }, subscription: sigSub.result } },
      ])
      const [accountMessage] = await until('account notification', () => {
        const list = socket.notifications(accountSub.result)
        return list.length > 0 ? list : undefined
      })
      expect(accountMessage).toEqual({
        jsonrpc: '2.0',
        method: 'accountNotification',
        params: {
          result: {
            context: { slot },
            value: { data: ['', 'base64'], executable: false, lamports: 1_000_000, owner: '11111111111111111111111111111111', rentEpoch: 18446744073709552000, space: 0 },
          },
          subscription: accountSub.result,
        },
      })
      // The signature subscription ended with its notification; the account one is still there to remove.
      expect((await socket.request('signatureUnsubscribe', [sigSub.result])).error).toEqual({ code: -32602, message: 'Invalid subscription id.' })
      expect((await socket.request('accountUnsubscribe', [accountSub.result])).result).toBe(true)

      // Subscribing to a signature that already landed notifies at once.
      const late = await socket.request('signatureSubscribe', [signature])
      const [lateMessage] = await until('late signature notification', () => {
        const list = socket.notifications(late.result)
        return list.length > 0 ? list : undefined
      })
      expect(lateMessage.params.result).toEqual({ context: { slot }, value: { err: null } })

      const slotSub = await socket.request('slotSubscribe')
      const [slotMessage] = await until('slot notification', () => {
        const list = socket.notifications(slotSub.result)
        return list.length > 0 ? list : undefined
      })
      expect(slotMessage.method).toBe('slotNotification')
      const s = slotMessage.params.result.slot
      expect(slotMessage.params.result).toEqual({ parent: s - 1, root: s, slot: s })
      expect((await socket.request('slotUnsubscribe', [slotSub.result])).result).toBe(true)
      expect((await socket.request('logsSubscribe', ['all'])).error?.code).toBe(-32601)
    } finally {
      socket.close()
    }
  })

  it('tells web3.js onAccountChange about a balance change', async () => {
    const target = Keypair.generate().publicKey
    let heard: number | undefined
    const id = connection.onAccountChange(target, (info) => {
      heard ??= info.lamports
    })
    // The subscription reaches the server asynchronously: transfer until one is heard.
    const from = devKeypair(6)
    let sent = 0
    try {
      await until('onAccountChange', async () => {
        if (heard !== undefined) return heard
        const { blockhash } = await connection.getLatestBlockhash()
        await connection.sendRawTransaction(transferTx(from, target, 1_000_000 + sent, blockhash).serialize())
        sent += 1
        await new Promise((r) => setTimeout(r, 100))
        return undefined
      })
    } finally {
      await connection.removeAccountChangeListener(id)
    }
    // The notification carries the balance after the transfer that triggered it.
    const balances = Array.from({ length: sent }, (_, k) => Array.from({ length: k + 1 }, (_, j) => 1_000_000 + j).reduce((a, b) => a + b, 0))
    expect(balances).toContain(heard)
  })

  it('moves SPL tokens with @solana/spl-token and lists them by getTokenAccountsByOwner (jsonParsed and base64)', async () => {
    const payer = devKeypair(0)
    const mint = new PublicKey(cluster.mints.usdc6.address)
    const recipient = devKeypair(4).publicKey
    const source = getAssociatedTokenAddressSync(mint, payer.publicKey)
    const destination = await getOrCreateAssociatedTokenAccount(connection, payer, mint, recipient)
    expect(destination.amount).toBe(0n)
    const signature = await transfer(connection, payer, source, destination.address, payer, 12_500_000n)
    expect((await getAccount(connection, destination.address)).amount).toBe(12_500_000n)
    expect((await connection.getTokenAccountBalance(source)).value.uiAmountString).toBe('987.5')

    const parsed = await connection.getParsedTokenAccountsByOwner(recipient, { mint })
    expect(parsed.value).toHaveLength(1)
    expect(parsed.value[0]!.pubkey.toBase58()).toBe(destination.address.toBase58())
    expect(parsed.value[0]!.account.data).toEqual({
      program: 'spl-token',
      parsed: {
        info: {
          isNative: false,
          mint: mint.toBase58(),
          owner: recipient.toBase58(),
          state: 'initialized',
          tokenAmount: { amount: '12500000', decimals: 6, uiAmount: 12.5, uiAmountString: '12.5' },
        },
        type: 'account',
      },
      space: 165,
    })
    const byProgram = await connection.getTokenAccountsByOwner(payer.publicKey, { programId: new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA') })
    const decoded = byProgram.value.map((v) => unpackAccount(v.pubkey, v.account))
    expect(decoded.map((a) => [a.mint.toBase58(), a.amount]).sort()).toEqual(
      [
        [cluster.mints.usdc6.address, 987_500_000n],
        [cluster.mints.ptk9.address, 250_500_000_000n],
      ].sort(),
    )
    const unknownMint = await rpc(cluster.rpcUrl, 'getTokenAccountsByOwner', [recipient.toBase58(), { mint: Keypair.generate().publicKey.toBase58() }])
    expect(unknownMint.error).toEqual({ code: -32602, message: 'Invalid param: could not find mint' })

    const tx = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect(tx!.meta!.preTokenBalances!.map((b) => b.uiTokenAmount.uiAmountString).sort()).toEqual(['0', '1000'])
    expect(tx!.meta!.postTokenBalances!.map((b) => b.uiTokenAmount.uiAmountString).sort()).toEqual(['12.5', '987.5'])
    const parsedTx = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect((parsedTx!.transaction.message.instructions[0] as ParsedInstruction).parsed).toEqual({
      type: 'transfer',
      info: { source: source.toBase58(), destination: destination.address.toBase58(), authority: payer.publicKey.toBase58(), amount: '12500000' },
    })
  })

  it('lands a failing instruction with the fee charged and err {"InstructionError":[0,{"Custom":1}]}', async () => {
    const from = devKeypair(7)
    const before = await connection.getBalance(from.publicKey)
    const latest = await connection.getLatestBlockhash()
    const tx = transferTx(from, Keypair.generate().publicKey, 5000 * LAMPORTS_PER_SOL, latest.blockhash)
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })
    const confirmed = await connection.confirmTransaction({ signature, ...latest })
    expect(confirmed.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    const statuses = await rpc(cluster.rpcUrl, 'getSignatureStatuses', [[signature]])
    expect(statuses.result.value[0]).toMatchObject({
      err: { InstructionError: [0, { Custom: 1 }] },
      status: { Err: { InstructionError: [0, { Custom: 1 }] } },
      confirmationStatus: 'finalized',
    })
    const tx2 = await rpc(cluster.rpcUrl, 'getTransaction', [signature, { encoding: 'json' }])
    expect(tx2.result.meta.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(tx2.result.meta.fee).toBe(5000)
    expect(tx2.result.meta.logMessages).toContain('Program 11111111111111111111111111111111 failed: custom program error: 0x1')
    expect(await connection.getBalance(from.publicKey)).toBe(before - 5000)
    const history = await connection.getSignaturesForAddress(from.publicKey, { limit: 1 })
    expect(history[0]).toMatchObject({ signature, err: { InstructionError: [0, { Custom: 1 }] } })
  })

  it('refuses a failing transaction at preflight with -32002 "Transaction simulation failed" and its logs, charging nothing', async () => {
    const from = devKeypair(7)
    const before = await connection.getBalance(from.publicKey)
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = transferTx(from, Keypair.generate().publicKey, 5000 * LAMPORTS_PER_SOL, blockhash)
    const reply = await rpc(cluster.rpcUrl, 'sendTransaction', [tx.serialize().toString('base64'), { encoding: 'base64' }])
    expect(reply.error!.code).toBe(-32002)
    expect(reply.error!.message).toBe('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1')
    expect(reply.error!.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(reply.error!.data.logs).toContain('Program 11111111111111111111111111111111 failed: custom program error: 0x1')
    expect(reply.error!.data.unitsConsumed).toBeGreaterThan(0)

    const thrown = await connection.sendRawTransaction(tx.serialize()).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(SendTransactionError)
    expect((thrown as SendTransactionError).logs).toContain('Program 11111111111111111111111111111111 failed: custom program error: 0x1')
    expect(await connection.getBalance(from.publicKey)).toBe(before)
    expect((await connection.getSignatureStatus(base58.encode(tx.signature!))).value).toBeNull()
  })

  it('keeps a blockhash valid for 150 slots and refuses it after: "Blockhash not found", then expiry in web3.js', async () => {
    // A cluster whose clock moves only by hand (and one slot per landed transaction), so the boundary is exact.
    const manual = await startSolanaCluster({ slotMs: 0 })
    const conn = new Connection(manual.rpcUrl, { commitment: 'confirmed', wsEndpoint: manual.wsUrl })
    try {
      const from = devKeypair(8)
      const old = await conn.getLatestBlockhash()
      const stillValid = transferTx(from, Keypair.generate().publicKey, 1_000_000, old.blockhash)
      const expired = transferTx(from, Keypair.generate().publicKey, 2_000_000, old.blockhash)
      // MAX_PROCESSING_AGE slots later the blockhash still lands...
      manual.advanceSlots(old.lastValidBlockHeight - manual.slot())
      expect(manual.slot()).toBe(old.lastValidBlockHeight)
      expect(await conn.getSlot()).toBe(old.lastValidBlockHeight)
      expect((await conn.isBlockhashValid(old.blockhash)).value).toBe(true)
      const landed = await conn.sendRawTransaction(stillValid.serialize())
      expect((await conn.getSignatureStatus(landed)).value?.err).toBeNull()
      expect(await conn.getBlockHeight()).toBe(old.lastValidBlockHeight + 1)
      expect(old.lastValidBlockHeight - MAX_PROCESSING_AGE).toBeGreaterThanOrEqual(0)
      // ...one slot more and it is gone.
      expect((await conn.isBlockhashValid(old.blockhash)).value).toBe(false)
      const reply = await rpc(manual.rpcUrl, 'sendTransaction', [expired.serialize().toString('base64'), { encoding: 'base64' }])
      expect(reply.error).toMatchObject({ code: -32002, message: 'Transaction simulation failed: Blockhash not found', data: { err: 'BlockhashNotFound', logs: [] } })
      const fee = await rpc(manual.rpcUrl, 'getFeeForMessage', [expired.compileMessage().serialize().toString('base64')])
      expect(fee.result.value).toBeNull()

      // Without preflight the node takes it and drops it; the client learns of the expiry from the block height.
      const signature = await conn.sendRawTransaction(expired.serialize(), { skipPreflight: true })
      await expect(conn.confirmTransaction({ signature, ...old })).rejects.toBeInstanceOf(TransactionExpiredBlockheightExceededError)
      expect((await conn.getSignatureStatus(signature)).value).toBeNull()
    } finally {
      await manual.stop()
    }
  })

  it('lists getSignaturesForAddress newest first with paging, and getTransaction in json, jsonParsed and base64', async () => {
    const from = devKeypair(1)
    const to = Keypair.generate().publicKey
    const signatures: string[] = []
    for (const lamports of [1_000_000, 2_000_000, 3_000_000]) {
      const { blockhash } = await connection.getLatestBlockhash()
      signatures.push(await connection.sendRawTransaction(transferTx(from, to, lamports, blockhash).serialize()))
    }
    const listed = await connection.getSignaturesForAddress(to)
    expect(listed.map((s) => s.signature)).toEqual([...signatures].reverse())
    for (const entry of listed) expect(entry).toMatchObject({ err: null, memo: null, confirmationStatus: 'finalized', blockTime: expect.any(Number) })
    expect((await connection.getSignaturesForAddress(to, { limit: 1 })).map((s) => s.signature)).toEqual([signatures[2]])
    expect((await connection.getSignaturesForAddress(to, { before: signatures[2] })).map((s) => s.signature)).toEqual([signatures[1], signatures[0]])
    expect((await connection.getSignaturesForAddress(to, { until: signatures[0] })).map((s) => s.signature)).toEqual([signatures[2], signatures[1]])

    const tx = await connection.getTransaction(signatures[1]!, { maxSupportedTransactionVersion: 0 })
    expect(tx!.version).toBe('legacy')
    expect(tx!.meta!.fee).toBe(5000)
    const keys = tx!.transaction.message.staticAccountKeys.map((k) => k.toBase58())
    expect(keys).toEqual([from.publicKey.toBase58(), to.toBase58(), SystemProgram.programId.toBase58()])
    expect(tx!.meta!.postBalances[1]! - tx!.meta!.preBalances[1]!).toBe(2_000_000)
    expect(tx!.meta!.preBalances[0]! - tx!.meta!.postBalances[0]!).toBe(2_005_000)
    expect(tx!.slot).toBe(listed[1]!.slot)

    const base64 = await rpc(cluster.rpcUrl, 'getTransaction', [signatures[1], { encoding: 'base64' }])
    const wire = Buffer.from(base64.result.transaction[0], 'base64')
    expect(base64.result.transaction[1]).toBe('base64')
    expect(base58.encode(VersionedTransaction.deserialize(wire).signatures[0]!)).toBe(signatures[1])
    expect(base64.result).not.toHaveProperty('version')
    const json = await rpc(cluster.rpcUrl, 'getTransaction', [signatures[1]])
    expect(json.result.transaction.message.instructions).toEqual([{ accounts: [0, 1], data: expect.any(String), programIdIndex: 2, stackHeight: null }])
    expect(json.result.meta.status).toEqual({ Ok: null })
    expect(json.result.meta.loadedAddresses).toEqual({ writable: [], readonly: [] })
    expect((await rpc(cluster.rpcUrl, 'getTransaction', [signatures[1], { commitment: 'processed' }])).error?.code).toBe(-32602)
    expect(await connection.getTransaction(base58.encode(new Uint8Array(64).fill(9)), { maxSupportedTransactionVersion: 0 })).toBeNull()
  })

  it('serves version 0 transactions, and refuses them to a client that does not declare maxSupportedTransactionVersion (-32015)', async () => {
    const from = devKeypair(2)
    const to = Keypair.generate().publicKey
    const { blockhash } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({
      payerKey: from.publicKey,
      recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 1_777_000 })],
    }).compileToV0Message()
    const tx = new VersionedTransaction(message)
    tx.sign([from])
    const signature = await connection.sendTransaction(tx)
    expect(await connection.getBalance(to)).toBe(1_777_000)
    const refused = await rpc(cluster.rpcUrl, 'getTransaction', [signature, { encoding: 'json' }])
    expect(refused.error?.code).toBe(-32015)
    const served = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect(served!.version).toBe(0)
    expect(served!.meta!.loadedAddresses).toEqual({ writable: [], readonly: [] })
  })

  it('simulates without signatures, with a replaced blockhash and with post-simulation accounts', async () => {
    const from = devKeypair(3)
    const to = Keypair.generate().publicKey
    const before = await connection.getBalance(from.publicKey)
    const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: (await connection.getLatestBlockhash()).blockhash }).add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 4_000_000 }),
    )
    const unsigned = tx.serialize({ requireAllSignatures: false }).toString('base64')
    const sim = await rpc(cluster.rpcUrl, 'simulateTransaction', [
      unsigned,
      { encoding: 'base64', accounts: { addresses: [to.toBase58()], encoding: 'base64' } },
    ])
    expect(sim.result.value.err).toBeNull()
    expect(sim.result.value.logs).toEqual(['Program 11111111111111111111111111111111 invoke [1]', 'Program 11111111111111111111111111111111 success'])
    expect(sim.result.value.accounts[0]).toMatchObject({ lamports: 4_000_000, owner: '11111111111111111111111111111111' })
    expect(sim.result.value.unitsConsumed).toBe(150)

    const stale = new Transaction({ feePayer: from.publicKey, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 1_000_000 }),
    )
    const staleWire = stale.serialize({ requireAllSignatures: false }).toString('base64')
    const notFound = await rpc(cluster.rpcUrl, 'simulateTransaction', [staleWire, { encoding: 'base64' }])
    expect(notFound.result.value.err).toBe('BlockhashNotFound')
    const replaced = await rpc(cluster.rpcUrl, 'simulateTransaction', [staleWire, { encoding: 'base64', replaceRecentBlockhash: true }])
    expect(replaced.result.value.err).toBeNull()
    expect(replaced.result.value.replacementBlockhash).toEqual({ blockhash: expect.any(String), lastValidBlockHeight: expect.any(Number) })
    const both = await rpc(cluster.rpcUrl, 'simulateTransaction', [staleWire, { encoding: 'base64', replaceRecentBlockhash: true, sigVerify: true }])
    expect(both.error?.code).toBe(-32602)
    const badSig = await rpc(cluster.rpcUrl, 'simulateTransaction', [unsigned, { encoding: 'base64', sigVerify: true }])
    expect(badSig.result.value.err).toBe('SignatureFailure')
    // Nothing committed.
    expect(await connection.getBalance(from.publicKey)).toBe(before)
    expect(await connection.getBalance(to)).toBe(0)
  })

  it('answers bad params with -32602, unknown methods with -32601, and keeps JSON-RPC framing', async () => {
    const url = cluster.rpcUrl
    expect((await rpc(url, 'getBalance', ['not-a-key'])).error).toEqual({ code: -32602, message: 'Invalid param: Invalid' })
    expect((await rpc(url, 'getBalance', ['abc'])).error).toEqual({ code: -32602, message: 'Invalid param: WrongSize' })
    expect((await rpc(url, 'getBalance', [])).error).toEqual({ code: -32602, message: '`params` should have at least 1 argument(s)' })
    expect((await rpc(url, 'getBalance', [cluster.accounts[0], { commitment: 'soon' }])).error?.code).toBe(-32602)
    expect((await rpc(url, 'getSignatureStatuses', [['xyz']])).error?.code).toBe(-32602)
    expect((await rpc(url, 'getTokenAccountsByOwner', [cluster.accounts[0], {}])).error?.code).toBe(-32602)
    expect((await rpc(url, 'getTokenAccountsByOwner', [cluster.accounts[0], { programId: cluster.accounts[1] }])).error).toEqual({
      code: -32602,
      message: 'Invalid param: unrecognized Token program id',
    })
    expect((await rpc(url, 'getTokenAccountBalance', [cluster.accounts[0]])).error).toEqual({ code: -32602, message: 'Invalid param: not a Token account' })
    expect((await rpc(url, 'sendTransaction', ['AAAA', { encoding: 'base64' }])).error?.code).toBe(-32602)
    expect((await rpc(url, 'getSignaturesForAddress', [cluster.accounts[0], { limit: 5000 }])).error).toEqual({ code: -32602, message: 'Invalid limit; max 1000' })
    expect((await rpc(url, 'getMinimumBalanceForRentExemption', ['big'])).error?.code).toBe(-32602)
    expect((await rpc(url, 'getBalance', [cluster.accounts[0], { minContextSlot: 1e12 }])).error).toMatchObject({ code: -32016 })
    expect((await rpc(url, 'eth_chainId')).error).toEqual({ code: -32601, message: 'Method not found' })

    const parseError = await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' })).json()
    expect(parseError).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null })
    const batch = (await (
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([
          { jsonrpc: '2.0', id: 1, method: 'getSlot' },
          { jsonrpc: '2.0', id: 2, method: 'nope' },
        ]),
      })
    ).json()) as RpcReply[]
    expect(batch.map((r) => r.id)).toEqual([1, 2])
    expect(typeof batch[0]!.result).toBe('number')
    expect(batch[1]!.error?.code).toBe(-32601)
  })

  it('allows browser pages on 127.0.0.1 and localhost (CORS) and no other origin, on HTTP and on the socket', async () => {
    const preflight = await fetch(cluster.rpcUrl, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,solana-client' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('solana-client')
    const post = await fetch(cluster.rpcUrl, {
      method: 'POST',
      headers: { origin: 'http://localhost:6006', 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
    })
    expect(post.headers.get('access-control-allow-origin')).toBe('http://localhost:6006')
    const foreign = await fetch(cluster.rpcUrl, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()

    const refused = await new Promise<string>((resolve) => {
      const ws = new WebSocket(cluster.wsUrl, { origin: 'https://evil.example' })
      ws.once('open', () => {
        ws.close()
        resolve('open')
      })
      ws.once('error', (err) => resolve(err.message))
    })
    expect(refused).toMatch(/401|403|Unexpected server response/)
    const local = await RawSocket.open(cluster.wsUrl)
    local.close()
  })

  it('seeds identically on every start, stops cleanly, and refuses a taken fixed port', async () => {
    const again = await startSolanaCluster({ slotMs: 0 })
    const port = Number(new URL(again.rpcUrl).port)
    try {
      expect(again.genesisHash).toBe(cluster.genesisHash)
      expect(again.caipNetworkId).toBe(cluster.caipNetworkId)
      expect(again.mints).toEqual(cluster.mints)
      expect(again.deployment.tokenAccounts).toEqual(cluster.deployment.tokenAccounts)
      expect(again.rpcUrl).not.toBe(cluster.rpcUrl)
      // slotMs 0: each landed transaction closes its slot.
      const other = new Connection(again.rpcUrl, 'confirmed')
      const slot = await other.getSlot()
      await other.requestAirdrop(Keypair.generate().publicKey, LAMPORTS_PER_SOL)
      expect(await other.getSlot()).toBe(slot + 1)
      const taken = Number(new URL(cluster.rpcUrl).port)
      await expect(startSolanaCluster({ port: taken })).rejects.toThrow(/in use/)
    } finally {
      await again.stop()
    }
    expect(await portOpen(port)).toBe(false)
    expect(await portOpen(port + 1)).toBe(false)
    expect(await portOpen(Number(new URL(cluster.rpcUrl).port))).toBe(true)
  })

  it('main.ts prints exactly "solana ready <rpc url> <caip-2 id>" and writes the deployment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-solana-'))
    const file = join(dir, 'deployment.json')
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'stack/solana/main.ts', '--port', '0', '--deployment', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    try {
      const line = await until('the ready line', () => (stdout.includes('\n') ? stdout.split('\n')[0] : undefined), 25_000)
      expect(line).toMatch(/^solana ready http:\/\/127\.0\.0\.1:\d+ solana:[1-9A-HJ-NP-Za-km-z]{32}$/)
      expect(line.split(' ')[3]).toBe(cluster.caipNetworkId)
      const deployment = JSON.parse(readFileSync(file, 'utf8'))
      expect(deployment.rpcUrl).toBe(line.split(' ')[2])
      expect(deployment.mints).toEqual(cluster.mints)
      expect((await rpc(deployment.rpcUrl, 'getGenesisHash')).result).toBe(cluster.genesisHash)
    } finally {
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
