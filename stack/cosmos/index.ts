import { hex } from '@scure/base'
import Fastify, { type FastifyInstance } from 'fastify'
import { registerLocalCors } from '../bitcoin/local-cors.ts'
import { BankLedger } from './bank-ledger.ts'
import { CometNode, RpcError } from './comet-node.ts'
import {
  COSMOS_CAIP_NETWORK_ID,
  COSMOS_CHAIN_ID,
  COSMOS_DEV_FUNDING,
  cosmosDevAccounts,
  type CosmosDevAccount,
} from './dev-accounts.ts'

export {
  cosmosDevAccounts,
  cosmosDevAccount,
  cosmosAddressFromPubkey,
  COSMOS_CHAIN_ID,
  COSMOS_CAIP_NETWORK_ID,
  COSMOS_BECH32_PREFIX,
  COSMOS_DENOM,
  COSMOS_DISPLAY_DENOM,
  COSMOS_DECIMALS,
  COSMOS_DEV_MNEMONIC,
  COSMOS_DEV_FUNDING,
  type CosmosDevAccount,
} from './dev-accounts.ts'
export { BankLedger, MIN_GAS_PRICE, SdkCode, moduleAddress } from './bank-ledger.ts'
export { CometNode, COMET_VERSION } from './comet-node.ts'

export type StartCosmosLedgerOptions = {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Delay between CheckTx and the block that includes the transaction (default 50 ms). */
  blockDelayMs?: number
  log?: (s: string) => void
}

export type CosmosLedger = {
  /** CometBFT RPC endpoint for StargateClient.connect / SigningStargateClient.connectWithSigner. */
  rpcUrl: string
  chainId: string
  caipNetworkId: string
  accounts: readonly CosmosDevAccount[]
  /** In-process access for tests and tools: balances, mint(), commitBlock(). */
  ledger: BankLedger
  node: CometNode
  stop(): Promise<void>
}

/** Parameter names of the positional form (`"params": [...]`) and of the URI form, per method. */
const PARAM_NAMES: Record<string, string[]> = {
  abci_query: ['path', 'data', 'height', 'prove'],
  broadcast_tx_sync: ['tx'],
  broadcast_tx_async: ['tx'],
  broadcast_tx_commit: ['tx'],
  tx: ['hash', 'prove'],
  tx_search: ['query', 'prove', 'page', 'per_page', 'order_by'],
  block: ['height'],
  block_by_hash: ['hash'],
  block_results: ['height'],
  commit: ['height'],
  validators: ['height', 'page', 'per_page'],
  blockchain: ['minHeight', 'maxHeight'],
}
const BYTE_PARAMS = new Set(['tx', 'hash', 'data'])

type JsonRpcRequest = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }

async function answer(node: CometNode, request: JsonRpcRequest): Promise<Record<string, unknown>> {
  const id = typeof request.id === 'number' || typeof request.id === 'string' ? request.id : -1
  const fail = (code: number, message: string, data: string) => ({ jsonrpc: '2.0', id, error: { code, message, data } })
  if (request === null || typeof request !== 'object' || request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
    return fail(-32600, 'Invalid Request', 'jsonrpc must be "2.0" and method a string')
  }
  let params: Record<string, unknown> = {}
  if (Array.isArray(request.params)) {
    const names = PARAM_NAMES[request.method] ?? []
    request.params.forEach((value, i) => {
      if (names[i]) params[names[i]!] = value
    })
  } else if (request.params && typeof request.params === 'object') {
    params = request.params as Record<string, unknown>
  }
  try {
    return { jsonrpc: '2.0', id, result: await node.call(request.method, params) }
  } catch (err) {
    if (err instanceof RpcError) return fail(err.code, err.message, err.data)
    throw err
  }
}

/** CometBFT's URI form: `/abci_query?path="/cosmos.bank..."&data=0x0a2d`; quoted strings, bare numbers, 0x hex. */
function uriParams(query: Record<string, string | string[] | undefined>): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [name, raw] of Object.entries(query)) {
    const value = Array.isArray(raw) ? raw[0] : raw
    if (value === undefined) continue
    const quoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"')
    const text = quoted ? value.slice(1, -1) : value
    if (BYTE_PARAMS.has(name) && name !== 'data') {
      // A quoted byte param is the raw string; otherwise 0x hex (a bare hex string is taken as hex too).
      params[name] = quoted ? `0x${hex.encode(new TextEncoder().encode(text))}` : text.startsWith('0x') ? text : `0x${text}`
    } else if (name === 'data') {
      params[name] = quoted ? `0x${hex.encode(new TextEncoder().encode(text))}` : text
    } else if (text === 'true' || text === 'false') {
      params[name] = text === 'true'
    } else {
      params[name] = text
    }
  }
  return params
}

function registerCometRoutes(app: FastifyInstance, node: CometNode, log: (s: string) => void): void {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))

  app.post('/', async (req, reply) => {
    let parsed: unknown
    try {
      parsed = JSON.parse(typeof req.body === 'string' ? req.body : '')
    } catch (err) {
      return reply.code(500).send({ jsonrpc: '2.0', id: -1, error: { code: -32700, message: 'Parse error. Invalid JSON', data: (err as Error).message } })
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) return reply.send({ jsonrpc: '2.0', id: -1, error: { code: -32600, message: 'Invalid Request', data: 'empty batch' } })
      return reply.send(await Promise.all(parsed.map((r) => answer(node, r as JsonRpcRequest))))
    }
    return reply.send(await answer(node, parsed as JsonRpcRequest))
  })

  app.get('/', async (_req, reply) => {
    const routes = ['health', 'status', 'abci_info', 'abci_query', 'broadcast_tx_sync', 'broadcast_tx_async', 'broadcast_tx_commit', 'tx', 'tx_search', 'block', 'block_by_hash', 'block_results', 'blockchain', 'commit', 'validators', 'genesis', 'num_unconfirmed_txs', 'unconfirmed_txs']
    const links = routes.map((r) => `<a href="/${r}">/${r}</a></br>`).join('\n')
    return reply.type('text/html').send(`<html><body><br>Available endpoints:<br>\n${links}\n</body></html>`)
  })

  app.get<{ Params: { method: string }; Querystring: Record<string, string> }>('/:method', async (req, reply) => {
    const response = await answer(node, { jsonrpc: '2.0', id: -1, method: req.params.method, params: uriParams(req.query) })
    return reply.code('error' in response ? 500 : 200).send(response)
  })

  app.setErrorHandler(async (err: { message?: string }, req, reply) => {
    log(`cosmos: ${req.method} ${req.url} failed: ${err.message ?? String(err)}`)
    return reply.code(500).send({ jsonrpc: '2.0', id: -1, error: { code: -32603, message: 'Internal error', data: err.message ?? String(err) } })
  })
}

/**
 * Starts the bank/auth ledger behind a CometBFT JSON-RPC server on 127.0.0.1. Chain `portico-local-1`, denom
 * ustake, bech32 prefix cosmos; the dev accounts (cosmjs's default path on the dev mnemonic) hold 1000 STAKE each.
 */
export async function startCosmosLedger(opts: StartCosmosLedgerOptions = {}): Promise<CosmosLedger> {
  const log = opts.log ?? (() => undefined)
  const ledger = new BankLedger({
    chainId: COSMOS_CHAIN_ID,
    genesisBalances: cosmosDevAccounts.map((a) => ({ address: a.address, amount: COSMOS_DEV_FUNDING })),
  })
  const node = new CometNode({ ledger, blockDelayMs: opts.blockDelayMs, log })
  const app = Fastify({ logger: false, bodyLimit: 2 * 1024 * 1024 })
  registerLocalCors(app)
  registerCometRoutes(app, node, log)
  try {
    await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' })
  } catch (err) {
    node.stop()
    await app.close()
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${opts.port} on 127.0.0.1 is in use; stop what runs there or choose another port`)
    }
    throw err
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : opts.port
  node.rpcAddress = `tcp://127.0.0.1:${port}`
  const rpcUrl = `http://127.0.0.1:${port}`
  log(`cosmos: ${COSMOS_CHAIN_ID} at height ${node.latest.height}`)
  return {
    rpcUrl,
    chainId: COSMOS_CHAIN_ID,
    caipNetworkId: COSMOS_CAIP_NETWORK_ID,
    accounts: cosmosDevAccounts,
    ledger,
    node,
    stop: async () => {
      node.stop()
      await app.close()
    },
  }
}
