import { sha256 } from '@noble/hashes/sha2'
import { utf8ToBytes } from '@noble/hashes/utils'
import { base64, hex } from '@scure/base'
import type { BankLedger, TxOutcome } from './bank-ledger.ts'
import { matchesQuery, parseEventQuery, QuerySyntaxError } from './event-query.ts'

/**
 * The CometBFT side: a mempool, blocks, the tx index, and the JSON-RPC methods (CometBFT 0.38 result shapes) that
 * @cosmjs/tendermint-rpc's Comet38Client decodes. One validator, no consensus: a block is cut shortly after a
 * transaction passes CheckTx and holds every transaction waiting by then.
 */

export const COMET_VERSION = '0.38.17'

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: string,
  ) {
    super(message)
  }
}

const internalError = (data: string) => new RpcError(-32603, 'Internal error', data)
const invalidParams = (data: string) => new RpcError(-32602, 'Invalid params', data)

type CometBlock = {
  height: number
  time: string
  hash: Uint8Array
  partsHash: Uint8Array
  lastBlockId?: { hash: Uint8Array; partsHash: Uint8Array }
  txs: Uint8Array[]
  results: TxOutcome[]
  /** App hash after the previous block (what a CometBFT header carries). */
  appHash: Uint8Array
  dataHash: Uint8Array
  lastResultsHash: Uint8Array
  size: number
}

type IndexedTx = { hash: string; height: number; index: number; tx: Uint8Array; result: TxOutcome; keys: Map<string, string[]> }

const upperHex = (bytes: Uint8Array) => hex.encode(bytes).toUpperCase()
const VALIDATOR_PUBKEY = sha256(utf8ToBytes('portico local validator'))
const VALIDATOR_ADDRESS = sha256(VALIDATOR_PUBKEY).slice(0, 20)
const NODE_ID = sha256(utf8ToBytes('portico local node')).slice(0, 20)
const EMPTY_HASH = sha256(new Uint8Array())

/** RFC 3339 with nanoseconds, as CometBFT prints times. */
function cometTime(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z')
}

function txResultJson(result: TxOutcome): Record<string, unknown> {
  return {
    code: result.code,
    data: result.data.length > 0 ? base64.encode(result.data) : null,
    log: result.log,
    info: '',
    gas_wanted: result.gasWanted.toString(),
    gas_used: result.gasUsed.toString(),
    events: result.events,
    codespace: result.codespace,
  }
}

export type CometNodeOptions = {
  ledger: BankLedger
  /** Delay between a transaction passing CheckTx and the block that includes it (default 50 ms). */
  blockDelayMs?: number
  rpcAddress?: string
  log?: (s: string) => void
}

export class CometNode {
  private readonly ledger: BankLedger
  private readonly blocks: CometBlock[] = []
  private readonly txIndex: IndexedTx[] = []
  private readonly txByHash = new Map<string, IndexedTx>()
  private mempool: Array<{ hash: string; tx: Uint8Array }> = []
  private blockTimer: NodeJS.Timeout | undefined
  private readonly blockDelayMs: number
  private readonly genesisTime: string
  private readonly commitWaiters = new Map<string, Array<(tx: IndexedTx) => void>>()
  private readonly log: (s: string) => void
  rpcAddress: string

  constructor(opts: CometNodeOptions) {
    this.ledger = opts.ledger
    this.blockDelayMs = opts.blockDelayMs ?? 50
    this.rpcAddress = opts.rpcAddress ?? 'tcp://127.0.0.1:26657'
    this.log = opts.log ?? (() => undefined)
    this.genesisTime = cometTime(new Date())
    this.commitBlock() // height 1, empty: CometBFT's first block
  }

  get chainId(): string {
    return this.ledger.chainId
  }

  get latest(): CometBlock {
    return this.blocks[this.blocks.length - 1]!
  }

  stop(): void {
    clearTimeout(this.blockTimer)
    this.blockTimer = undefined
  }

  /** Cuts a block now with whatever waits in the mempool (tests use it to move the height on). */
  commitBlock(): void {
    clearTimeout(this.blockTimer)
    this.blockTimer = undefined
    const height = this.blocks.length + 1
    const waiting = this.mempool
    this.mempool = []
    const appHash = this.blocks.length === 0 ? new Uint8Array() : this.ledger.appHash()
    const results = waiting.map((w) => this.ledger.deliverTx(w.tx, height))
    this.ledger.resetCheckState()
    this.ledger.currentHeight = height + 1
    const prev = this.blocks[this.blocks.length - 1]
    const time = cometTime(new Date())
    const dataHash = waiting.length ? sha256(Uint8Array.from(waiting.flatMap((w) => [...hex.decode(w.hash.toLowerCase())]))) : EMPTY_HASH
    const lastResultsHash = prev && prev.results.length ? sha256(utf8ToBytes(JSON.stringify(prev.results.map((r) => [r.code, r.gasUsed.toString()])))) : EMPTY_HASH
    const header = utf8ToBytes(JSON.stringify([this.chainId, height, time, prev ? upperHex(prev.hash) : '', upperHex(dataHash), upperHex(appHash)]))
    const block: CometBlock = {
      height,
      time,
      hash: sha256(header),
      partsHash: sha256(sha256(header)),
      lastBlockId: prev ? { hash: prev.hash, partsHash: prev.partsHash } : undefined,
      txs: waiting.map((w) => w.tx),
      results,
      appHash,
      dataHash,
      lastResultsHash,
      size: header.length + waiting.reduce((n, w) => n + w.tx.length, 0),
    }
    this.blocks.push(block)
    waiting.forEach((w, index) => {
      const result = results[index]!
      const keys = new Map<string, string[]>([
        ['tx.hash', [w.hash]],
        ['tx.height', [String(height)]],
      ])
      for (const e of result.events) {
        for (const a of e.attributes) {
          const key = `${e.type}.${a.key}`
          const list = keys.get(key)
          if (list) list.push(a.value)
          else keys.set(key, [a.value])
        }
      }
      const indexed: IndexedTx = { hash: w.hash, height, index, tx: w.tx, result, keys }
      this.txIndex.push(indexed)
      this.txByHash.set(w.hash, indexed)
      this.log(`cosmos: block ${height} tx ${w.hash} code ${result.code}${result.code ? ` (${result.log})` : ''}`)
      for (const resolve of this.commitWaiters.get(w.hash) ?? []) resolve(indexed)
      this.commitWaiters.delete(w.hash)
    })
  }

  private scheduleBlock(): void {
    if (this.blockTimer) return
    this.blockTimer = setTimeout(() => this.commitBlock(), this.blockDelayMs)
  }

  /** CheckTx and, when it passes, the mempool. A transaction already waiting is refused as CometBFT's cache does. */
  private submit(tx: Uint8Array): { hash: string; check: TxOutcome } {
    const hash = upperHex(sha256(tx))
    if (this.mempool.some((m) => m.hash === hash)) throw internalError('tx already exists in cache')
    const check = this.ledger.checkTx(tx, this.blocks.length + 1)
    if (check.code === 0) {
      this.mempool.push({ hash, tx })
      this.scheduleBlock()
    } else {
      this.log(`cosmos: CheckTx refused ${hash}: code ${check.code} ${check.log}`)
    }
    return { hash, check }
  }

  // ------------------------------------------------------------------------------------------ JSON-RPC methods

  async call(method: string, params: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case 'health':
        return {}
      case 'status':
        return this.status()
      case 'abci_info':
        return {
          response: {
            data: 'portico-bank-ledger',
            version: '0.50.0',
            app_version: '0',
            last_block_height: String(this.latest.height),
            last_block_app_hash: base64.encode(this.ledger.appHash()),
          },
        }
      case 'abci_query':
        return this.abciQuery(params)
      case 'broadcast_tx_sync': {
        const { hash, check } = this.submit(bytesParam(params.tx, 'tx', 'base64'))
        return { code: check.code, data: '', log: check.log, codespace: check.codespace, hash }
      }
      case 'broadcast_tx_async': {
        // Async answers before CheckTx: a refused transaction is dropped silently, as CometBFT does.
        const tx = bytesParam(params.tx, 'tx', 'base64')
        const hash = upperHex(sha256(tx))
        queueMicrotask(() => {
          try {
            this.submit(tx)
          } catch {
            // already in the mempool
          }
        })
        return { code: 0, data: '', log: '', codespace: '', hash }
      }
      case 'broadcast_tx_commit':
        return this.broadcastCommit(bytesParam(params.tx, 'tx', 'base64'))
      case 'tx': {
        const hash = upperHex(bytesParam(params.hash, 'hash', 'base64'))
        const found = this.txByHash.get(hash)
        if (!found) throw internalError(`tx (${hash}) not found`)
        return this.txJson(found)
      }
      case 'tx_search':
        return this.txSearch(params)
      case 'block':
        return this.blockResponse(this.blockAt(params.height))
      case 'block_by_hash': {
        const hash = upperHex(bytesParam(params.hash, 'hash', 'base64'))
        const block = this.blocks.find((b) => upperHex(b.hash) === hash)
        return block ? this.blockResponse(block) : { block_id: { hash: '', parts: { total: 0, hash: '' } }, block: null }
      }
      case 'block_results': {
        const block = this.blockAt(params.height)
        return {
          height: String(block.height),
          txs_results: block.results.length ? block.results.map(txResultJson) : null,
          finalize_block_events: [],
          validator_updates: null,
          consensus_param_updates: null,
          app_hash: upperHex(this.blocks[block.height]?.appHash ?? this.ledger.appHash()),
        }
      }
      case 'blockchain':
        return this.blockchain(params)
      case 'commit': {
        const block = this.blockAt(params.height)
        return { signed_header: { header: this.headerJson(block), commit: this.commitJson(block) }, canonical: true }
      }
      case 'validators':
        return { block_height: String(this.blockAt(params.height).height), validators: [this.validatorJson()], count: '1', total: '1' }
      case 'genesis':
        return { genesis: this.genesisJson() }
      case 'num_unconfirmed_txs':
      case 'unconfirmed_txs':
        return {
          n_txs: String(this.mempool.length),
          total: String(this.mempool.length),
          total_bytes: String(this.mempool.reduce((n, m) => n + m.tx.length, 0)),
          txs: method === 'unconfirmed_txs' ? this.mempool.map((m) => base64.encode(m.tx)) : null,
        }
      default:
        throw new RpcError(-32601, 'Method not found', '')
    }
  }

  private status(): Record<string, unknown> {
    const first = this.blocks[0]!
    const latest = this.latest
    return {
      node_info: {
        protocol_version: { p2p: '8', block: '11', app: '0' },
        id: hex.encode(NODE_ID),
        listen_addr: 'tcp://127.0.0.1:26656',
        network: this.chainId,
        version: COMET_VERSION,
        channels: '40202122233038606100',
        moniker: 'portico-local',
        other: { tx_index: 'on', rpc_address: this.rpcAddress },
      },
      sync_info: {
        latest_block_hash: upperHex(latest.hash),
        latest_app_hash: upperHex(this.ledger.appHash()),
        latest_block_height: String(latest.height),
        latest_block_time: latest.time,
        earliest_block_hash: upperHex(first.hash),
        earliest_app_hash: upperHex(first.appHash),
        earliest_block_height: String(first.height),
        earliest_block_time: first.time,
        catching_up: false,
      },
      validator_info: this.validatorJson(),
    }
  }

  private validatorJson(): Record<string, unknown> {
    return {
      address: upperHex(VALIDATOR_ADDRESS),
      pub_key: { type: 'tendermint/PubKeyEd25519', value: base64.encode(VALIDATOR_PUBKEY) },
      voting_power: '10',
      proposer_priority: '0',
    }
  }

  private abciQuery(params: Record<string, unknown>): Record<string, unknown> {
    const path = typeof params.path === 'string' ? params.path : ''
    if (!path) throw invalidParams('path is required')
    const data = bytesParam(params.data ?? '', 'data', 'hex')
    const outcome = this.ledger.query(path, data)
    return {
      response: {
        code: outcome.code,
        log: outcome.log,
        info: '',
        index: '0',
        key: null,
        value: outcome.value.length ? base64.encode(outcome.value) : null,
        proofOps: null,
        height: String(this.latest.height),
        codespace: outcome.codespace,
      },
    }
  }

  private broadcastCommit(tx: Uint8Array): Promise<Record<string, unknown>> {
    const { hash, check } = this.submit(tx)
    const checkJson = { ...txResultJson(check), data: null }
    if (check.code !== 0) {
      const empty: TxOutcome = { code: 0, codespace: '', log: '', gasWanted: 0n, gasUsed: 0n, events: [], data: new Uint8Array() }
      return Promise.resolve({ check_tx: checkJson, tx_result: txResultJson(empty), hash, height: '0' })
    }
    return new Promise((resolve) => {
      const waiters = this.commitWaiters.get(hash) ?? []
      waiters.push((indexed) => resolve({ check_tx: checkJson, tx_result: txResultJson(indexed.result), hash, height: String(indexed.height) }))
      this.commitWaiters.set(hash, waiters)
    })
  }

  private txJson(t: IndexedTx): Record<string, unknown> {
    return { hash: t.hash, height: String(t.height), index: t.index, tx_result: txResultJson(t.result), tx: base64.encode(t.tx) }
  }

  private txSearch(params: Record<string, unknown>): Record<string, unknown> {
    const query = typeof params.query === 'string' ? params.query : ''
    let conditions
    try {
      conditions = parseEventQuery(query)
    } catch (err) {
      if (err instanceof QuerySyntaxError) throw internalError(err.message)
      throw err
    }
    const matched = this.txIndex.filter((t) => matchesQuery(conditions, t.keys))
    if (params.order_by === 'desc') matched.reverse()
    const perPage = Math.min(Math.max(intParam(params.per_page) ?? 30, 1), 100)
    const pages = Math.max(1, Math.ceil(matched.length / perPage))
    const page = intParam(params.page) ?? 1
    if (page < 1 || page > pages) throw internalError(`page should be within [1, ${pages}] range, given ${page}`)
    return { txs: matched.slice((page - 1) * perPage, page * perPage).map((t) => this.txJson(t)), total_count: String(matched.length) }
  }

  private blockAt(rawHeight: unknown): CometBlock {
    const height = intParam(rawHeight)
    if (height === undefined || height === 0) return this.latest
    if (height < 0) throw internalError(`height must be greater than 0, but got ${height}`)
    if (height > this.latest.height) {
      throw internalError(`height ${height} must be less than or equal to the current blockchain height ${this.latest.height}`)
    }
    return this.blocks[height - 1]!
  }

  private blockIdJson(hash: Uint8Array, partsHash: Uint8Array): Record<string, unknown> {
    return { hash: upperHex(hash), parts: { total: 1, hash: upperHex(partsHash) } }
  }

  private headerJson(block: CometBlock): Record<string, unknown> {
    return {
      version: { block: '11', app: '0' },
      chain_id: this.chainId,
      height: String(block.height),
      time: block.time,
      last_block_id: block.lastBlockId ? this.blockIdJson(block.lastBlockId.hash, block.lastBlockId.partsHash) : { hash: '', parts: { total: 0, hash: '' } },
      last_commit_hash: upperHex(block.lastBlockId ? sha256(block.lastBlockId.hash) : EMPTY_HASH),
      data_hash: upperHex(block.dataHash),
      validators_hash: upperHex(sha256(VALIDATOR_PUBKEY)),
      next_validators_hash: upperHex(sha256(VALIDATOR_PUBKEY)),
      consensus_hash: upperHex(sha256(utf8ToBytes('portico consensus params'))),
      app_hash: upperHex(block.appHash),
      last_results_hash: upperHex(block.lastResultsHash),
      evidence_hash: upperHex(EMPTY_HASH),
      proposer_address: upperHex(VALIDATOR_ADDRESS),
    }
  }

  /** The commit for `block`: one validator's precommit. The signature is a placeholder, not an ed25519 signature. */
  private commitJson(block: CometBlock): Record<string, unknown> {
    return {
      height: String(block.height),
      round: 0,
      block_id: this.blockIdJson(block.hash, block.partsHash),
      signatures: [
        {
          block_id_flag: 2,
          validator_address: upperHex(VALIDATOR_ADDRESS),
          timestamp: block.time,
          signature: base64.encode(Uint8Array.from([...sha256(block.hash), ...sha256(block.partsHash)])),
        },
      ],
    }
  }

  private blockResponse(block: CometBlock): Record<string, unknown> {
    const prev = this.blocks[block.height - 2]
    return {
      block_id: this.blockIdJson(block.hash, block.partsHash),
      block: {
        header: this.headerJson(block),
        data: { txs: block.txs.map((t) => base64.encode(t)) },
        evidence: { evidence: [] },
        last_commit: prev ? this.commitJson(prev) : { height: '0', round: 0, block_id: { hash: '', parts: { total: 0, hash: '' } }, signatures: [] },
      },
    }
  }

  private blockchain(params: Record<string, unknown>): Record<string, unknown> {
    const last = this.latest.height
    const max = Math.min(intParam(params.maxHeight) || last, last)
    const min = Math.max(intParam(params.minHeight) || 1, max - 19, 1)
    if (min > max) throw internalError(`min height ${min} can't be greater than max height ${max}`)
    const metas = []
    for (let h = max; h >= min; h--) {
      const block = this.blocks[h - 1]!
      metas.push({ block_id: this.blockIdJson(block.hash, block.partsHash), block_size: String(block.size), header: this.headerJson(block), num_txs: String(block.txs.length) })
    }
    return { last_height: String(last), block_metas: metas }
  }

  private genesisJson(): Record<string, unknown> {
    return {
      genesis_time: this.genesisTime,
      chain_id: this.chainId,
      initial_height: '1',
      consensus_params: {
        block: { max_bytes: '22020096', max_gas: '-1' },
        evidence: { max_age_num_blocks: '100000', max_age_duration: '172800000000000', max_bytes: '1048576' },
        validator: { pub_key_types: ['ed25519'] },
        version: { app: '0' },
      },
      validators: [{ address: upperHex(VALIDATOR_ADDRESS), pub_key: this.validatorJson().pub_key, power: '10', name: 'portico-local' }],
      app_hash: '',
      app_state: {},
    }
  }
}

/** An integer param, given as a JSON number or a decimal string (URI calls send strings). */
function intParam(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isInteger(n)) throw invalidParams(`not an integer: ${JSON.stringify(value)}`)
  return n
}

/**
 * Byte params: JSON-RPC POST carries `[]byte` as base64 (tx, hash) and HexBytes as hex (abci_query data); URI calls
 * carry 0x-prefixed hex for either. Quoted URI strings arrive here unquoted.
 */
function bytesParam(value: unknown, name: string, encoding: 'base64' | 'hex'): Uint8Array {
  if (typeof value !== 'string') throw invalidParams(`${name} is required`)
  try {
    if (value.startsWith('0x') || value.startsWith('0X')) return hex.decode(value.slice(2).toLowerCase())
    return encoding === 'hex' ? hex.decode(value.toLowerCase()) : base64.decode(value)
  } catch {
    throw invalidParams(`${name}: cannot decode ${encoding}`)
  }
}
