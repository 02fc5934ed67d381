import { hex } from '@scure/base'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { BitcoinDevAccount } from './dev-accounts.ts'
import type { Faucet } from './faucet.ts'
import { TxRejected, type BlockRecord, type PrevOut, type RegtestLedger, type TxRecord } from './ledger.ts'
import { addressScript, parseScript, scriptAddress, scriptAsm, scriptType } from './script-info.ts'

/**
 * The Esplora REST API (Blockstream's electrs, as blockstream.info/api and mempool.space/api serve it) over the
 * regtest ledger: the JSON shapes, the plain-text answers and error texts a wallet or a bip122 plugin reads.
 */

const TXID = /^[0-9a-fA-F]{64}$/
const CHAIN_PAGE = 25
const MEMPOOL_PAGE = 50
/** sat/vB per confirmation target. A regtest node has no fee history, so these are fixed (and low) on purpose. */
const FEE_ESTIMATES: Record<string, number> = (() => {
  const table: Record<string, number> = {}
  for (let target = 1; target <= 25; target++) table[target] = target === 1 ? 5 : target === 2 ? 4 : target <= 3 ? 3 : target <= 6 ? 2 : 1.5
  table['144'] = 1.2
  table['504'] = 1
  table['1008'] = 1
  return table
})()

type StatsBucket = { funded_txo_count: number; funded_txo_sum: number; spent_txo_count: number; spent_txo_sum: number; tx_count: number }

const reversedHex = (bytes: Uint8Array) => hex.encode(Uint8Array.from(bytes).reverse())

function outputJson(out: PrevOut): Record<string, unknown> {
  const address = scriptAddress(out.script)
  return {
    scriptpubkey: hex.encode(out.script),
    scriptpubkey_asm: scriptAsm(out.script),
    scriptpubkey_type: scriptType(out.script),
    ...(address ? { scriptpubkey_address: address } : {}),
    value: Number(out.value),
  }
}

function statusJson(block: BlockRecord | undefined): Record<string, unknown> {
  return block ? { confirmed: true, block_height: block.height, block_hash: block.hash, block_time: block.time } : { confirmed: false }
}

export function txJson(record: TxRecord): Record<string, unknown> {
  const { tx } = record
  const coinbase = tx.isCoinbase()
  return {
    txid: record.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.ins.map((input, i) => {
      const prevout = record.prevouts[i]
      const entry: Record<string, unknown> = {
        txid: reversedHex(input.hash),
        vout: input.index,
        prevout: prevout ? outputJson(prevout) : null,
        scriptsig: hex.encode(input.script),
        scriptsig_asm: scriptAsm(input.script),
      }
      if (input.witness.length > 0) entry.witness = input.witness.map((w) => hex.encode(w))
      entry.is_coinbase = coinbase
      entry.sequence = input.sequence
      if (prevout && scriptType(prevout.script) === 'p2sh') {
        const pushes = parseScript(input.script)
        const redeem = pushes[pushes.length - 1]?.data
        if (redeem) entry.inner_redeemscript_asm = scriptAsm(redeem)
      }
      return entry
    }),
    vout: tx.outs.map((out) => outputJson(out)),
    size: tx.byteLength(),
    weight: tx.weight(),
    fee: record.fee,
    status: statusJson(record.block),
  }
}

function difficulty(bits: number): number {
  const target = (bits & 0x7fffff) * 2 ** (8 * ((bits >>> 24) - 3))
  return (0xffff * 2 ** 208) / target
}

function blockJson(ledger: RegtestLedger, block: BlockRecord): Record<string, unknown> {
  const times = ledger.blocks.slice(Math.max(0, block.height - 10), block.height + 1).map((b) => b.time)
  times.sort((a, b) => a - b)
  return {
    id: block.hash,
    height: block.height,
    version: block.version,
    timestamp: block.time,
    tx_count: block.txids.length,
    size: block.size,
    weight: block.weight,
    merkle_root: block.merkleRoot,
    previousblockhash: block.prevHash,
    mediantime: times[Math.floor(times.length / 2)],
    nonce: block.nonce,
    bits: block.bits,
    difficulty: difficulty(block.bits),
  }
}

function addressStats(records: TxRecord[], script: Uint8Array): { chain: StatsBucket; mempool: StatsBucket } {
  const empty = (): StatsBucket => ({ funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 })
  const chain = empty()
  const mempool = empty()
  const key = hex.encode(script)
  for (const r of records) {
    const bucket = r.block ? chain : mempool
    bucket.tx_count++
    for (const out of r.tx.outs) {
      if (hex.encode(out.script) !== key) continue
      bucket.funded_txo_count++
      bucket.funded_txo_sum += Number(out.value)
    }
    for (const prev of r.prevouts) {
      if (!prev || hex.encode(prev.script) !== key) continue
      bucket.spent_txo_count++
      bucket.spent_txo_sum += Number(prev.value)
    }
  }
  return { chain, mempool }
}

/** Newest first: mempool by arrival, then confirmed by height and position in the block. */
function newestFirst(records: TxRecord[]): { mempool: TxRecord[]; chain: TxRecord[] } {
  const mempool = records.filter((r) => !r.block).sort((a, b) => b.order - a.order)
  const chain = records
    .filter((r) => r.block)
    .sort((a, b) => b.block!.height - a.block!.height || b.block!.txids.indexOf(b.txid) - a.block!.txids.indexOf(a.txid))
  return { mempool, chain }
}

const text = (reply: FastifyReply, code: number, body: string) => reply.code(code).type('text/plain; charset=utf-8').send(body)

export type EsploraRoutesOptions = {
  ledger: RegtestLedger
  faucet: Faucet
  accounts: readonly BitcoinDevAccount[]
  log: (s: string) => void
}

export function registerEsploraRoutes(app: FastifyInstance, { ledger, faucet, accounts, log }: EsploraRoutesOptions): void {
  const findTx = (reply: FastifyReply, txid: string): TxRecord | undefined => {
    if (!TXID.test(txid)) {
      void text(reply, 400, 'Invalid hex string')
      return undefined
    }
    const record = ledger.getTx(txid.toLowerCase())
    if (!record) void text(reply, 404, 'Transaction not found')
    return record
  }
  const findBlock = (reply: FastifyReply, hash: string): BlockRecord | undefined => {
    if (!TXID.test(hash)) {
      void text(reply, 400, 'Invalid hex string')
      return undefined
    }
    const block = ledger.getBlock(hash.toLowerCase())
    if (!block) void text(reply, 404, 'Block not found')
    return block
  }
  const findScript = (reply: FastifyReply, address: string): Uint8Array | undefined => {
    const script = addressScript(address)
    if (!script) void text(reply, 400, 'Invalid Bitcoin address')
    return script
  }

  // Blocks
  app.get('/blocks/tip/height', async (_req, reply) => text(reply, 200, String(ledger.tip.height)))
  app.get('/blocks/tip/hash', async (_req, reply) => text(reply, 200, ledger.tip.hash))
  const recentBlocks = (start: number) =>
    ledger.blocks
      .slice(Math.max(0, start - 9), start + 1)
      .reverse()
      .map((b) => blockJson(ledger, b))
  app.get('/blocks', async () => recentBlocks(ledger.tip.height))
  app.get<{ Params: { start: string } }>('/blocks/:start', async (req, reply) => {
    const start = Number(req.params.start)
    if (!Number.isInteger(start) || start < 0) return text(reply, 400, 'Invalid height')
    return recentBlocks(Math.min(start, ledger.tip.height))
  })
  app.get<{ Params: { height: string } }>('/block-height/:height', async (req, reply) => {
    const height = Number(req.params.height)
    const block = Number.isInteger(height) && height >= 0 ? ledger.blocks[height] : undefined
    return block ? text(reply, 200, block.hash) : text(reply, 404, 'Block not found')
  })
  app.get<{ Params: { hash: string } }>('/block/:hash', async (req, reply) => {
    const block = findBlock(reply, req.params.hash)
    return block ? blockJson(ledger, block) : reply
  })
  app.get<{ Params: { hash: string } }>('/block/:hash/status', async (req, reply) => {
    const block = findBlock(reply, req.params.hash)
    if (!block) return reply
    const next = ledger.blocks[block.height + 1]
    return { in_best_chain: true, height: block.height, next_best: next ? next.hash : null }
  })
  app.get<{ Params: { hash: string } }>('/block/:hash/txids', async (req, reply) => {
    const block = findBlock(reply, req.params.hash)
    return block ? block.txids : reply
  })
  app.get<{ Params: { hash: string } }>('/block/:hash/header', async (req, reply) => {
    const block = findBlock(reply, req.params.hash)
    return block ? text(reply, 200, hex.encode(block.header)) : reply
  })

  // Transactions
  app.get<{ Params: { txid: string } }>('/tx/:txid', async (req, reply) => {
    const record = findTx(reply, req.params.txid)
    return record ? txJson(record) : reply
  })
  app.get<{ Params: { txid: string } }>('/tx/:txid/hex', async (req, reply) => {
    const record = findTx(reply, req.params.txid)
    return record ? text(reply, 200, record.hex) : reply
  })
  app.get<{ Params: { txid: string } }>('/tx/:txid/raw', async (req, reply) => {
    const record = findTx(reply, req.params.txid)
    return record ? reply.type('application/octet-stream').send(Buffer.from(hex.decode(record.hex))) : reply
  })
  app.get<{ Params: { txid: string } }>('/tx/:txid/status', async (req, reply) => {
    const record = findTx(reply, req.params.txid)
    return record ? statusJson(record.block) : reply
  })
  const outspendJson = (txid: string, vout: number) => {
    const spender = ledger.spenderOf(txid, vout)
    if (!spender) return { spent: false }
    return { spent: true, txid: spender.txid, vin: spender.vin, status: statusJson(ledger.getTx(spender.txid)!.block) }
  }
  app.get<{ Params: { txid: string } }>('/tx/:txid/outspends', async (req, reply) => {
    const record = findTx(reply, req.params.txid)
    return record ? record.tx.outs.map((_, vout) => outspendJson(record.txid, vout)) : reply
  })
  app.get<{ Params: { txid: string; vout: string } }>('/tx/:txid/outspend/:vout', async (req, reply) => {
    const record = findTx(reply, req.params.txid)
    if (!record) return reply
    const vout = Number(req.params.vout)
    if (!Number.isInteger(vout) || vout < 0 || vout >= record.tx.outs.length) return text(reply, 400, 'Invalid output index')
    return outspendJson(record.txid, vout)
  })
  app.post('/tx', async (req, reply) => {
    const body = typeof req.body === 'string' ? req.body : ''
    try {
      const txid = ledger.submit(body)
      const block = ledger.getTx(txid)?.block
      log(`bitcoin: accepted ${txid}${block ? ` in block ${block.height}` : ' into the mempool'}`)
      return text(reply, 200, txid)
    } catch (err) {
      if (!(err instanceof TxRejected)) throw err
      log(`bitcoin: refused a transaction: ${err.message}`)
      return text(reply, 400, `sendrawtransaction RPC error: ${JSON.stringify({ code: err.code, message: err.message })}`)
    }
  })

  // Addresses
  app.get<{ Params: { address: string } }>('/address/:address', async (req, reply) => {
    const script = findScript(reply, req.params.address)
    if (!script) return reply
    const { chain, mempool } = addressStats(ledger.txsOfScript(script), script)
    return { address: req.params.address, chain_stats: chain, mempool_stats: mempool }
  })
  app.get<{ Params: { address: string } }>('/address/:address/utxo', async (req, reply) => {
    const script = findScript(reply, req.params.address)
    if (!script) return reply
    return ledger.utxosOfScript(script).map(({ record, vout, value }) => ({
      txid: record.txid,
      vout,
      status: statusJson(record.block),
      value: Number(value),
    }))
  })
  app.get<{ Params: { address: string } }>('/address/:address/txs', async (req, reply) => {
    const script = findScript(reply, req.params.address)
    if (!script) return reply
    const { mempool, chain } = newestFirst(ledger.txsOfScript(script))
    return [...mempool.slice(0, MEMPOOL_PAGE), ...chain.slice(0, CHAIN_PAGE)].map(txJson)
  })
  app.get<{ Params: { address: string } }>('/address/:address/txs/mempool', async (req, reply) => {
    const script = findScript(reply, req.params.address)
    return script ? newestFirst(ledger.txsOfScript(script)).mempool.slice(0, MEMPOOL_PAGE).map(txJson) : reply
  })
  const chainPage = (reply: FastifyReply, address: string, lastSeen?: string) => {
    const script = findScript(reply, address)
    if (!script) return reply
    const { chain } = newestFirst(ledger.txsOfScript(script))
    const from = lastSeen === undefined ? 0 : chain.findIndex((r) => r.txid === lastSeen.toLowerCase()) + 1
    return chain.slice(from, from + CHAIN_PAGE).map(txJson)
  }
  app.get<{ Params: { address: string } }>('/address/:address/txs/chain', async (req, reply) => chainPage(reply, req.params.address))
  app.get<{ Params: { address: string; last: string } }>('/address/:address/txs/chain/:last', async (req, reply) => {
    if (!TXID.test(req.params.last)) return text(reply, 400, 'Invalid hex string')
    return chainPage(reply, req.params.address, req.params.last)
  })

  // Mempool and fees
  app.get('/mempool', async () => {
    const records = ledger.mempoolTxids().map((id) => ledger.getTx(id)!)
    return {
      count: records.length,
      vsize: records.reduce((n, r) => n + r.tx.virtualSize(), 0),
      total_fee: records.reduce((n, r) => n + r.fee, 0),
      fee_histogram: records.map((r) => [r.fee / r.tx.virtualSize(), r.tx.virtualSize()]).sort((a, b) => b[0]! - a[0]!),
    }
  })
  app.get('/mempool/txids', async () => ledger.mempoolTxids())
  app.get('/fee-estimates', async () => FEE_ESTIMATES)
  // mempool.space's recommendation endpoint, which several bitcoin wallets read instead of /fee-estimates.
  app.get('/v1/fees/recommended', async () => ({ fastestFee: 5, halfHourFee: 3, hourFee: 2, economyFee: 1, minimumFee: 1 }))

  // Test controls (not Esplora)
  app.get('/regtest/accounts', async () => ({ faucet: faucet.address, accounts }))
  app.post('/regtest/fund', async (req, reply) => {
    const body = parseJsonBody(req.body)
    const address = typeof body.address === 'string' ? body.address : ''
    const sats = body.sats
    const script = addressScript(address)
    if (!script) return reply.code(400).send({ error: 'Invalid Bitcoin address' })
    if (typeof sats !== 'number' || !Number.isSafeInteger(sats) || sats <= 0) {
      return reply.code(400).send({ error: 'sats must be a positive integer' })
    }
    try {
      const txid = faucet.pay([{ script, sats }])
      log(`bitcoin: funded ${address} with ${sats} sats in ${txid}`)
      return { txid, vout: 0, sats, status: statusJson(ledger.getTx(txid)!.block) }
    } catch (err) {
      const message = err instanceof TxRejected ? `sendrawtransaction RPC error: ${JSON.stringify({ code: err.code, message: err.message })}` : String((err as Error).message)
      return reply.code(400).send({ error: message })
    }
  })
  app.post('/regtest/mine', async (req, reply) => {
    const body = parseJsonBody(req.body)
    const blocks = body.blocks === undefined ? 1 : body.blocks
    if (typeof blocks !== 'number' || !Number.isInteger(blocks) || blocks < 1 || blocks > 1000) {
      return reply.code(400).send({ error: 'blocks must be an integer from 1 to 1000' })
    }
    let rewardScript: Uint8Array | undefined
    if (body.address !== undefined) {
      rewardScript = typeof body.address === 'string' ? addressScript(body.address) : undefined
      if (!rewardScript) return reply.code(400).send({ error: 'Invalid Bitcoin address' })
    }
    const mined = ledger.mine(blocks, rewardScript)
    log(`bitcoin: mined ${blocks} block(s), tip ${ledger.tip.height}`)
    return { hashes: mined.map((b) => b.hash), height: ledger.tip.height }
  })
}

function parseJsonBody(body: unknown): Record<string, unknown> {
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body)
    } catch {
      return {}
    }
  }
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
}
