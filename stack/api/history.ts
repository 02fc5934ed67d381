import { formatUnits, getAddress } from 'viem'
import type { ApiDb } from './db.ts'
import { NATIVE_NAME, NATIVE_PRICE_USD, NATIVE_SYMBOL, tokenIconUrl, tokenPriceUsd, type ChainRuntime, type ImageLink } from './chains.ts'

export const HISTORY_PAGE_SIZE = 20
const ZERO = '0x0000000000000000000000000000000000000000'

/** A transfer is spam when `(fungible_info ?? nft_info).flags.is_spam`; a transaction whose transfers all are, is spam. */
export type HistoryTransfer = {
  fungible_info?: { name: string; symbol: string; icon: { url: string }; flags: { is_spam: boolean } }
  nft_info?: {
    name: string
    interface: 'ERC721'
    token_id: string
    content: { preview: { url: string }; detail: { url: string } }
    flags: { is_spam: boolean }
  }
  direction: 'in' | 'out'
  quantity: { numeric: string }
  value?: number
  price?: number
}

export type HistoryTransaction = {
  id: string
  metadata: {
    operationType: 'send' | 'receive' | 'mint' | 'burn' | 'trade' | 'approve' | 'deploy' | 'execute'
    hash: string
    minedAt: string
    sentFrom: string
    sentTo: string
    status: 'ONCHAIN_CONFIRMED' | 'ONCHAIN_FAILED'
    nonce: number
    chain: string
  }
  transfers: HistoryTransfer[]
}

type Cursor = [ts: number, chainId: number, block: number, txIndex: number]

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url')
}

/** Largest values the cursor's columns hold: ts and block_number are int8, chain_id and tx_index int4. */
const CURSOR_MAX: Cursor = [Number.MAX_SAFE_INTEGER, 2 ** 31 - 1, Number.MAX_SAFE_INTEGER, 2 ** 31 - 1]

/** Undefined for anything that is not a cursor this server could have made (each part within its column's range). */
export function decodeCursor(s: string): Cursor | undefined {
  try {
    const v: unknown = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'))
    if (Array.isArray(v) && v.length === 4 && v.every((n, i) => Number.isSafeInteger(n) && n >= 0 && n <= CURSOR_MAX[i]!)) return v as Cursor
  } catch {
    // fall through: not base64url JSON
  }
  return undefined
}

type TxDbRow = {
  chain_id: number
  hash: string
  block_number: number
  tx_index: number
  ts: number
  from_addr: string
  to_addr: string | null
  nonce: number
  status: 'ONCHAIN_CONFIRMED' | 'ONCHAIN_FAILED'
  has_approval: boolean
}
type TransferDbRow = {
  chain_id: number
  tx_hash: string
  log_index: number
  kind: 'native' | 'erc20' | 'erc721'
  token_address: string | null
  from_addr: string
  to_addr: string
  amount: string
  token_id: string | null
  name: string | null
  symbol: string | null
  decimals: number | null
  is_spam: boolean | null
}

/**
 * The database rows of one page: up to HISTORY_PAGE_SIZE + 1 transactions (the one more says a next page exists),
 * and the account's transfers in the first HISTORY_PAGE_SIZE.
 */
export type HistoryRows = { txs: TxDbRow[]; transfers: TransferDbRow[] }

/**
 * A read cache of history pages for a server that is the only writer of its index (PGlite: one process per data
 * directory). The indexer calls `invalidate()` before and after each write, so a page read after a write reads the
 * database again, and a page read while a write was under way is not kept. Several API servers sharing a PostgreSQL
 * database each index into it, so a server there cannot know of the others' writes: no cache (issue 31).
 */
export class HistoryReadCache {
  private generation = 0
  private readonly entries = new Map<string, { generation: number; rows: Promise<HistoryRows> }>()

  constructor(private readonly maxEntries = 1000) {}

  invalidate(): void {
    this.generation++
    this.entries.clear()
  }

  /** The cached rows of `key`, or those `load` reads (shared by the requests that ask while it reads). */
  get(key: string, load: () => Promise<HistoryRows>): Promise<HistoryRows> {
    const hit = this.entries.get(key)
    if (hit && hit.generation === this.generation) {
      // Most recently used last: the first entry is the one evicted.
      this.entries.delete(key)
      this.entries.set(key, hit)
      return hit.rows
    }
    const generation = this.generation
    const rows = load()
    this.entries.set(key, { generation, rows })
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    rows.catch(() => {
      if (this.entries.get(key)?.rows === rows) this.entries.delete(key)
    })
    return rows
  }
}

type HistoryQuery = { account: string; chains: ChainRuntime[]; chain?: ChainRuntime; cursor?: Cursor }

/**
 * The rows of one page of `account`'s history, in one query: the page's transactions, each with the account's
 * transfers in it as JSON (one round trip instead of two; on PGlite each query is CPU time of the server's thread).
 */
async function readHistoryRows(db: ApiDb, opts: HistoryQuery): Promise<HistoryRows> {
  const account = opts.account
  const params: unknown[] = [account]
  let where = `(t.from_addr = $1 or exists (
      select 1 from chain_transfers x where x.chain_id = t.chain_id and x.tx_hash = t.hash and (x.from_addr = $1 or x.to_addr = $1)))`
  if (opts.chain) {
    params.push(opts.chain.chainId)
    where += ` and t.chain_id = $${params.length}`
  } else {
    params.push(opts.chains.map((c) => c.chainId))
    where += ` and t.chain_id = any($${params.length}::int[])`
  }
  if (opts.cursor) {
    params.push(...opts.cursor)
    const n = params.length
    where += ` and (t.ts, t.chain_id, t.block_number, t.tx_index) < ($${n - 3}, $${n - 2}, $${n - 1}, $${n})`
  }
  const r = await db.query<TxDbRow & { transfers: TransferDbRow[] | string }>(
    `select t.*, coalesce((
       select json_agg(json_build_object(
         'chain_id', x.chain_id, 'tx_hash', x.tx_hash, 'log_index', x.log_index, 'kind', x.kind,
         'token_address', x.token_address, 'from_addr', x.from_addr, 'to_addr', x.to_addr, 'amount', x.amount,
         'token_id', x.token_id, 'name', k.name, 'symbol', k.symbol, 'decimals', k.decimals, 'is_spam', k.is_spam
       ) order by x.log_index)
       from chain_transfers x left join tokens k on k.chain_id = x.chain_id and k.address = x.token_address
       where x.chain_id = t.chain_id and x.tx_hash = t.hash and (x.from_addr = $1 or x.to_addr = $1)
     ), '[]') as transfers
     from chain_txs t where ${where}
     order by t.ts desc, t.chain_id desc, t.block_number desc, t.tx_index desc limit ${HISTORY_PAGE_SIZE + 1}`,
    params,
  )
  const transfers: TransferDbRow[] = []
  const txs = r.rows.map(({ transfers: xs, ...t }, i) => {
    // The row past the page only says that a next page exists.
    if (i < HISTORY_PAGE_SIZE) transfers.push(...((typeof xs === 'string' ? JSON.parse(xs) : xs) as TransferDbRow[]))
    return t
  })
  return { txs, transfers }
}

/**
 * One page of an account's history, newest first: transactions the account sent, and transactions with a transfer
 * to or from it. Only the account's own transfers are listed, each with its direction seen from the account.
 * With a `cache`, the page's rows come from it while the index has not changed.
 */
export async function readHistory(
  db: ApiDb,
  opts: HistoryQuery & { imageLink: ImageLink; cache?: HistoryReadCache },
): Promise<{ data: HistoryTransaction[]; next: string | null }> {
  const account = opts.account.toLowerCase()
  const query = { ...opts, account }
  const key = `${account}|${opts.chain ? opts.chain.chainId : opts.chains.map((c) => c.chainId).join(',')}|${opts.cursor?.join(',') ?? ''}`
  const rows = opts.cache ? await opts.cache.get(key, () => readHistoryRows(db, query)) : await readHistoryRows(db, query)
  const page = rows.txs.slice(0, HISTORY_PAGE_SIZE)
  const last = page[page.length - 1]
  const next = rows.txs.length > HISTORY_PAGE_SIZE && last ? encodeCursor([last.ts, last.chain_id, last.block_number, last.tx_index]) : null
  if (page.length === 0) return { data: [], next: null }

  const byTx = new Map<string, TransferDbRow[]>()
  for (const x of rows.transfers) {
    const key = `${x.chain_id}:${x.tx_hash}`
    const list = byTx.get(key)
    if (list) list.push(x)
    else byTx.set(key, [x])
  }

  const data = page.map((t): HistoryTransaction => {
    const chain = opts.chains.find((c) => c.chainId === t.chain_id)
    const rows = byTx.get(`${t.chain_id}:${t.hash}`) ?? []
    const out: HistoryTransfer[] = []
    const directions: Array<'in' | 'out'> = []
    let minted = false
    let burned = false
    for (const x of rows) {
      // A self-transfer is both an "out" and an "in" for the account.
      const dirs: Array<'in' | 'out'> = []
      if (x.from_addr === account) dirs.push('out')
      if (x.to_addr === account) dirs.push('in')
      if (x.from_addr === ZERO) minted = true
      if (x.to_addr === ZERO) burned = true
      for (const direction of dirs) {
        directions.push(direction)
        out.push(formatTransfer(x, direction, chain, opts.imageLink))
      }
    }
    let operationType: HistoryTransaction['metadata']['operationType']
    if (!t.to_addr && t.from_addr === account && out.length === 0) operationType = 'deploy'
    else if (minted && directions.includes('in')) operationType = 'mint'
    else if (burned && directions.includes('out')) operationType = 'burn'
    else if (directions.includes('in') && directions.includes('out')) operationType = 'trade'
    else if (directions.includes('out')) operationType = 'send'
    else if (directions.includes('in')) operationType = 'receive'
    else if (t.has_approval) operationType = 'approve'
    else operationType = 'execute'
    return {
      id: t.hash,
      metadata: {
        operationType,
        hash: t.hash,
        minedAt: new Date(t.ts * 1000).toISOString(),
        sentFrom: getAddress(t.from_addr),
        sentTo: t.to_addr ? getAddress(t.to_addr) : '',
        status: t.status,
        nonce: t.nonce,
        chain: `eip155:${t.chain_id}`,
      },
      transfers: out,
    }
  })
  return { data, next }
}

function formatTransfer(x: TransferDbRow, direction: 'in' | 'out', chain: ChainRuntime | undefined, imageLink: ImageLink): HistoryTransfer {
  const isSpam = x.is_spam === true
  if (x.kind === 'erc721') {
    const name = `${x.name ?? 'NFT'} #${x.token_id}`
    const imageUrl = imageLink(`/public/getAssetImage/nft-${x.chain_id}-${x.token_address}-${x.token_id}`)
    return {
      nft_info: {
        name,
        interface: 'ERC721',
        token_id: x.token_id ?? '0',
        content: { preview: { url: imageUrl }, detail: { url: imageUrl } },
        flags: { is_spam: isSpam },
      },
      direction,
      quantity: { numeric: '1' },
    }
  }
  const native = x.kind === 'native'
  const decimals = native ? 18 : (x.decimals ?? 18)
  const numeric = formatUnits(BigInt(x.amount), decimals)
  const symbol = native ? NATIVE_SYMBOL : (x.symbol ?? '???')
  const price = native ? NATIVE_PRICE_USD : chain && x.token_address ? tokenPriceUsd(chain, x.token_address) : undefined
  const transfer: HistoryTransfer = {
    fungible_info: {
      name: native ? NATIVE_NAME : (x.name ?? 'Unknown Token'),
      symbol,
      icon: { url: tokenIconUrl(imageLink, symbol, x.token_address ?? undefined) },
      flags: { is_spam: isSpam },
    },
    direction,
    quantity: { numeric },
  }
  if (price !== undefined) {
    transfer.price = price
    transfer.value = Number(numeric) * price
  }
  return transfer
}
