import Fastify from 'fastify'
import {
  bitcoinDevAccounts,
  DEV_ORDINALS_FUNDING_SATS,
  DEV_PAYMENT_FUNDING_SATS,
  type BitcoinDevAccount,
} from './dev-accounts.ts'
import { registerEsploraRoutes } from './esplora.ts'
import { Faucet } from './faucet.ts'
import { RegtestLedger } from './ledger.ts'
import { addressScript } from './script-info.ts'
import { registerLocalCors } from './local-cors.ts'

export {
  bitcoinDevAccounts,
  bitcoinDevAccount,
  BITCOIN_DEV_MNEMONIC,
  DEV_PAYMENT_FUNDING_SATS,
  DEV_ORDINALS_FUNDING_SATS,
  type BitcoinDevAccount,
} from './dev-accounts.ts'
export { RegtestLedger, TxRejected, REGTEST_GENESIS_HASH, type TxRecord, type BlockRecord } from './ledger.ts'

/** CAIP-2 of bitcoin regtest: `bip122:` + the first 32 hex characters of the regtest genesis block hash. */
export const BITCOIN_REGTEST_CAIP_NETWORK_ID = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
/** Blocks mined to the faucet before funding: coinbases need 100 confirmations, so 110 leave ten mature ones. */
const BOOTSTRAP_BLOCKS = 110

export type StartBitcoinRegtestOptions = {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Mine a block per accepted transaction (default true); false leaves them unconfirmed until POST /regtest/mine. */
  automine?: boolean
  log?: (s: string) => void
}

export type BitcoinRegtest = {
  /** Esplora base URL, e.g. http://127.0.0.1:3002 (no trailing slash; paths as in blockstream.info/api). */
  url: string
  caipNetworkId: string
  accounts: readonly BitcoinDevAccount[]
  ledger: RegtestLedger
  stop(): Promise<void>
}

/**
 * Starts the regtest ledger behind an Esplora REST server on 127.0.0.1: the chain has 110 blocks mined to the faucet,
 * then one funding transaction pays every dev account (1 BTC to the payment address, 0.01 BTC to the ordinals one).
 */
export async function startBitcoinRegtest(opts: StartBitcoinRegtestOptions = {}): Promise<BitcoinRegtest> {
  const log = opts.log ?? (() => undefined)
  const ledger = new RegtestLedger({ automine: opts.automine ?? true })
  const faucet = new Faucet(ledger)
  // Backdate the bootstrap blocks ten minutes apart so the tip's time is now, as on a long-running node.
  const now = Math.floor(Date.now() / 1000)
  for (let k = 0; k < BOOTSTRAP_BLOCKS; k++) ledger.mine(1, undefined, now - (BOOTSTRAP_BLOCKS - k) * 600)
  faucet.pay(
    bitcoinDevAccounts.flatMap((a) => [
      { script: addressScript(a.payment.address)!, sats: DEV_PAYMENT_FUNDING_SATS },
      { script: addressScript(a.ordinals.address)!, sats: DEV_ORDINALS_FUNDING_SATS },
    ]),
  )
  if (!ledger.automine) ledger.mine(1)
  if (ledger.caipNetworkId !== BITCOIN_REGTEST_CAIP_NETWORK_ID) throw new Error(`unexpected regtest CAIP-2 id ${ledger.caipNetworkId}`)

  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, routerOptions: { maxParamLength: 200 } })
  registerLocalCors(app)
  // POST /tx carries the raw hex as the body, whatever content type the client names (fetch sends text/plain).
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))
  app.setNotFoundHandler(async (req, reply) => reply.code(404).type('text/plain; charset=utf-8').send(`Not found: ${req.method} ${req.url.split('?')[0]}`))
  app.setErrorHandler(async (err: { statusCode?: number; message?: string }, req, reply) => {
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500
    if (status === 500) log(`bitcoin: ${req.method} ${req.url} failed: ${err.message ?? String(err)}`)
    return reply.code(status).type('text/plain; charset=utf-8').send(status === 500 ? 'Internal server error' : (err.message ?? 'Bad request'))
  })
  registerEsploraRoutes(app, { ledger, faucet, accounts: bitcoinDevAccounts, log })

  try {
    await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' })
  } catch (err) {
    await app.close()
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${opts.port} on 127.0.0.1 is in use; stop what runs there or choose another port`)
    }
    throw err
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : opts.port
  const url = `http://127.0.0.1:${port}`
  log(`bitcoin: regtest at height ${ledger.tip.height}, faucet ${faucet.address}`)

  return {
    url,
    caipNetworkId: ledger.caipNetworkId,
    accounts: bitcoinDevAccounts,
    ledger,
    stop: async () => {
      await app.close()
    },
  }
}
