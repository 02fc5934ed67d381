import { erc20Abi, erc721Abi, hexToBigInt, numberToHex, type Address, type Hex } from 'viem'
import type { ApiDb } from './db.ts'
import { isSpamToken, type ChainRuntime } from './chains.ts'

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const APPROVAL_FOR_ALL_TOPIC = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'
/** Blocks fetched in parallel and written in one database transaction. */
const BLOCK_BATCH = 16

type RawLog = { address: Address; topics: Hex[]; data: Hex; logIndex: Hex; transactionHash: Hex }
type RawReceipt = { transactionHash: Hex; status: Hex; contractAddress: Address | null; logs: RawLog[] }

type TxRow = {
  hash: string
  blockNumber: number
  txIndex: number
  ts: number
  from: string
  to: string | null
  nonce: number
  status: 'ONCHAIN_CONFIRMED' | 'ONCHAIN_FAILED'
  hasApproval: boolean
}
type TransferRow = {
  txHash: string
  logIndex: number
  kind: 'native' | 'erc20' | 'erc721'
  token: string | null
  from: string
  to: string
  amount: string
  tokenId: string | null
}
type BlockData = { number: number; hash: string; txs: TxRow[]; transfers: TransferRow[] }

const topicAddress = (t: Hex): string => `0x${t.slice(26)}`.toLowerCase()

/** log_index of a transaction's first internal ETH transfer (the next ones count up; -1 is the tx's own value). */
const INTERNAL_LOG_INDEX = -1_000_000

/** A frame of geth's callTracer (anvil answers the same shape). */
type CallFrame = { type: string; from: string; to?: string; value?: Hex; error?: string; calls?: CallFrame[] }

/** A node without debug_traceTransaction: method missing or disabled. */
const isUnsupportedMethod = (err: unknown): boolean => {
  const e = err as { code?: number; cause?: { code?: number }; message?: string }
  const code = e?.code ?? e?.cause?.code
  return code === -32601 || code === -32004 || /method not found|not supported|does not exist|not available/i.test(e?.message ?? '')
}

/**
 * Follows the dev chains and keeps, per chain, the transactions and their native / ERC-20 / ERC-721 transfers in
 * the database, with the last indexed block and its hash. A hash mismatch (the dev chain was restarted or reset)
 * drops that chain's index and starts again from block 0.
 */
export class ChainIndexer {
  private running: Promise<void> = Promise.resolve()
  private timer: NodeJS.Timeout | undefined
  private stopped = false
  private lastLoggedError = new Map<number, string>()
  /** Chains whose node cannot trace: their internal ETH transfers are not recorded. */
  private readonly noTrace = new Set<number>()

  constructor(
    private readonly db: ApiDb,
    private readonly chains: ChainRuntime[],
    private readonly log: (s: string) => void,
    /** Called before and after each write to the index (a read cache drops what it kept). */
    private readonly onWrite: () => void = () => undefined,
  ) {}

  /** Runs `write` between two onWrite calls, the second one also when it fails (part of it may be written). */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    this.onWrite()
    try {
      return await write()
    } finally {
      this.onWrite()
    }
  }

  /** Starts polling; each pass waits for the previous one, so passes never overlap. */
  start(intervalMs: number): void {
    const tick = (): void => {
      if (this.stopped) return
      this.runPass(false)
        .catch(() => undefined)
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, intervalMs)
        })
    }
    this.timer = setTimeout(tick, 0)
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.running.catch(() => undefined)
  }

  /** Indexes every chain up to its current head; rejects if a chain could not be read. */
  indexNow(): Promise<void> {
    return this.runPass(true)
  }

  private runPass(throwErrors: boolean): Promise<void> {
    const pass = this.running.catch(() => undefined).then(async () => {
      const results = await Promise.allSettled(this.chains.map((c) => this.indexChain(c)))
      const errors: unknown[] = []
      results.forEach((r, i) => {
        const chain = this.chains[i]!
        if (r.status === 'fulfilled') {
          this.lastLoggedError.delete(chain.chainId)
          return
        }
        errors.push(r.reason)
        // Log each distinct failure once per chain instead of once per poll.
        const msg = r.reason instanceof Error ? r.reason.message.split('\n')[0]! : String(r.reason)
        if (this.lastLoggedError.get(chain.chainId) !== msg) {
          this.lastLoggedError.set(chain.chainId, msg)
          this.log(`indexer: chain ${chain.chainId}: ${msg}`)
        }
      })
      if (errors.length && throwErrors) throw errors[0]
    })
    this.running = pass
    return pass
  }

  private async indexChain(chain: ChainRuntime): Promise<void> {
    const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }))
    const state = await this.db.query<{ last_block: number; last_hash: string }>(
      'select last_block, last_hash from index_state where chain_id = $1',
      [chain.chainId],
    )
    let from = 0
    const saved = state.rows[0]
    if (saved) {
      let sameChain = saved.last_block <= head
      if (sameChain) {
        const block = await chain.client.getBlock({ blockNumber: BigInt(saved.last_block) })
        sameChain = block.hash === saved.last_hash
      }
      if (sameChain) from = saved.last_block + 1
      else {
        this.log(`indexer: chain ${chain.chainId} was reset, re-indexing from block 0`)
        await this.resetChain(chain.chainId)
      }
    }
    for (let start = from; start <= head && !this.stopped; start += BLOCK_BATCH) {
      const end = Math.min(start + BLOCK_BATCH - 1, head)
      const blocks = await Promise.all(Array.from({ length: end - start + 1 }, (_, i) => this.fetchBlock(chain, start + i)))
      await this.learnTokens(chain, blocks)
      await this.writeBlocks(chain.chainId, blocks)
    }
  }

  private async resetChain(chainId: number): Promise<void> {
    await this.writing(() =>
      this.db.transaction(async (tx) => {
        for (const table of ['chain_transfers', 'chain_txs', 'tokens', 'index_state']) {
          await tx.query(`delete from ${table} where chain_id = $1`, [chainId])
        }
      }),
    )
  }

  private async fetchBlock(chain: ChainRuntime, n: number): Promise<BlockData> {
    const [block, receipts] = await Promise.all([
      chain.client.getBlock({ blockNumber: BigInt(n), includeTransactions: true }),
      chain.client.request({ method: 'eth_getBlockReceipts', params: [numberToHex(n)] }) as Promise<RawReceipt[] | null>,
    ])
    const byHash = new Map((receipts ?? []).map((r) => [r.transactionHash.toLowerCase(), r]))
    const txs: TxRow[] = []
    const transfers: TransferRow[] = []
    for (const t of block.transactions) {
      const hash = t.hash.toLowerCase()
      const receipt = byHash.get(hash) ?? (await chain.client.request({ method: 'eth_getTransactionReceipt', params: [t.hash] }) as RawReceipt | null)
      const ok = receipt?.status === '0x1'
      const from = t.from.toLowerCase()
      const to = (t.to ?? receipt?.contractAddress ?? null)?.toLowerCase() ?? null
      let hasApproval = false
      if (ok && t.value > 0n && to) {
        transfers.push({ txHash: hash, logIndex: -1, kind: 'native', token: null, from, to, amount: t.value.toString(), tokenId: null })
      }
      for (const log of ok ? (receipt?.logs ?? []) : []) {
        const topic0 = log.topics[0]?.toLowerCase()
        if (topic0 === APPROVAL_TOPIC || topic0 === APPROVAL_FOR_ALL_TOPIC) hasApproval = true
        if (topic0 !== TRANSFER_TOPIC) continue
        const logIndex = Number(hexToBigInt(log.logIndex))
        const token = log.address.toLowerCase()
        if (log.topics.length === 4) {
          transfers.push({
            txHash: hash, logIndex, kind: 'erc721', token,
            from: topicAddress(log.topics[1]!), to: topicAddress(log.topics[2]!),
            amount: '1', tokenId: hexToBigInt(log.topics[3]!).toString(),
          })
        } else if (log.topics.length === 3 && log.data.length === 66) {
          transfers.push({
            txHash: hash, logIndex, kind: 'erc20', token,
            from: topicAddress(log.topics[1]!), to: topicAddress(log.topics[2]!),
            amount: hexToBigInt(log.data).toString(), tokenId: null,
          })
        }
      }
      // A contract call may move ETH inside (a swap paying out ETH): traced, recorded as native transfers.
      if (ok && to && (t.input !== '0x' || (receipt?.logs.length ?? 0) > 0)) transfers.push(...(await this.internalTransfers(chain, hash)))
      txs.push({
        hash,
        blockNumber: n,
        txIndex: t.transactionIndex ?? 0,
        ts: Number(block.timestamp),
        from,
        to,
        nonce: t.nonce,
        status: ok ? 'ONCHAIN_CONFIRMED' : 'ONCHAIN_FAILED',
        hasApproval,
      })
    }
    if (!block.hash) throw new Error(`block ${n} has no hash (pending?)`)
    return { number: n, hash: block.hash, txs, transfers }
  }

  /**
   * ETH moved by contracts during a transaction (value of nested CALLs and CREATEs that did not revert), from the
   * node's `debug_traceTransaction` with the callTracer. Numbered from INTERNAL_LOG_INDEX up in call order, so they sort
   * before the transaction's own value (-1) and the logs (0 and up).
   */
  private async internalTransfers(chain: ChainRuntime, hash: string): Promise<TransferRow[]> {
    if (this.noTrace.has(chain.chainId)) return []
    let root: CallFrame
    try {
      root = (await chain.client.request({ method: 'debug_traceTransaction' as never, params: [hash, { tracer: 'callTracer' }] as never })) as CallFrame
    } catch (err) {
      if (!isUnsupportedMethod(err)) throw err
      this.noTrace.add(chain.chainId)
      this.log(`indexer: chain ${chain.chainId} has no debug_traceTransaction; internal ETH transfers are not recorded`)
      return []
    }
    const out: TransferRow[] = []
    const walk = (frame: CallFrame, depth: number): void => {
      // A reverted frame moved nothing, nor did anything under it.
      if (frame.error) return
      const value = frame.value ? hexToBigInt(frame.value) : 0n
      if (depth > 0 && value > 0n && frame.to && frame.type !== 'DELEGATECALL') {
        out.push({ txHash: hash, logIndex: INTERNAL_LOG_INDEX + out.length, kind: 'native', token: null, from: frame.from.toLowerCase(), to: frame.to.toLowerCase(), amount: value.toString(), tokenId: null })
      }
      for (const c of frame.calls ?? []) walk(c, depth + 1)
    }
    if (root) walk(root, 0)
    return out
  }

  /** Reads name, symbol and decimals of tokens seen for the first time (one multicall when Multicall3 exists). */
  private async learnTokens(chain: ChainRuntime, blocks: BlockData[]): Promise<void> {
    const seen = new Map<string, 'erc20' | 'erc721'>()
    for (const b of blocks) for (const t of b.transfers) if (t.token && t.kind !== 'native') seen.set(t.token, t.kind)
    if (seen.size === 0) return
    const known = await this.db.query<{ address: string }>(
      'select address from tokens where chain_id = $1 and address = any($2::text[])',
      [chain.chainId, [...seen.keys()]],
    )
    for (const r of known.rows) seen.delete(r.address)
    if (seen.size === 0) return
    const fresh = [...seen.entries()]
    const calls = fresh.flatMap(([address, kind]) => {
      const abi = kind === 'erc20' ? erc20Abi : erc721Abi
      const a = address as Address
      const base = [
        { address: a, abi, functionName: 'name' } as const,
        { address: a, abi, functionName: 'symbol' } as const,
      ]
      return kind === 'erc20' ? [...base, { address: a, abi: erc20Abi, functionName: 'decimals' } as const] : base
    })
    const results: Array<{ status: 'success' | 'failure'; result?: unknown }> = chain.contracts
      ? await chain.client.multicall({ contracts: calls, multicallAddress: chain.contracts.multicall3, allowFailure: true, batchSize: 0 })
      : await Promise.all(
          calls.map((c) =>
            chain.client
              .readContract(c as never)
              .then((result) => ({ status: 'success' as const, result }))
              .catch(() => ({ status: 'failure' as const })),
          ),
        )
    let i = 0
    for (const [address, kind] of fresh) {
      const name = results[i++]
      const symbol = results[i++]
      const decimals = kind === 'erc20' ? results[i++] : undefined
      const str = (r: typeof name, fallback: string): string => (r?.status === 'success' && typeof r.result === 'string' && r.result ? r.result : fallback)
      await this.writing(() => this.db.query(
        `insert into tokens (chain_id, address, kind, name, symbol, decimals, is_spam) values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (chain_id, address) do nothing`,
        [
          chain.chainId,
          address,
          kind,
          str(name, kind === 'erc721' ? 'Unknown NFT' : 'Unknown Token'),
          str(symbol, '???'),
          kind === 'erc20' ? (decimals?.status === 'success' ? Number(decimals.result) : 18) : 0,
          isSpamToken(chain, address),
        ],
      ))
    }
  }

  private async writeBlocks(chainId: number, blocks: BlockData[]): Promise<void> {
    const last = blocks[blocks.length - 1]
    if (!last) return
    await this.writing(() => this.db.transaction(async (tx) => {
      for (const b of blocks) {
        for (const t of b.txs) {
          await tx.query(
            `insert into chain_txs (chain_id, hash, block_number, tx_index, ts, from_addr, to_addr, nonce, status, has_approval)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict do nothing`,
            [chainId, t.hash, t.blockNumber, t.txIndex, t.ts, t.from, t.to, t.nonce, t.status, t.hasApproval],
          )
        }
        for (const x of b.transfers) {
          await tx.query(
            `insert into chain_transfers (chain_id, tx_hash, log_index, kind, token_address, from_addr, to_addr, amount, token_id)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing`,
            [chainId, x.txHash, x.logIndex, x.kind, x.token, x.from, x.to, x.amount, x.tokenId],
          )
        }
      }
      await tx.query(
        `insert into index_state (chain_id, last_block, last_hash, updated_at) values ($1, $2, $3, now())
         on conflict (chain_id) do update set last_block = excluded.last_block, last_hash = excluded.last_hash, updated_at = now()`,
        [chainId, last.number, last.hash],
      )
    }))
  }
}
