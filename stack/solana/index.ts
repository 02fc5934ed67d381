import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SolanaLedger } from './ledger.ts'
import { SolanaPubSub } from './pubsub.ts'
import { SolanaRpc } from './rpc.ts'
import { seedLedger, SOLANA_CAIP_NETWORK_ID, SOLANA_GENESIS_HASH, solanaDevAccounts, solanaFaucetKeypair, type SeededMint, type SolanaSeed } from './seed.ts'
import { startRpcServers } from './server.ts'
import { SOLANA_DEV_MNEMONIC } from './keys.ts'

export {
  solanaDevAccounts,
  solanaDevKeypair,
  SOLANA_CAIP_NETWORK_ID,
  SOLANA_GENESIS_HASH,
  SOLANA_SEED_TOKENS,
  SOLANA_DEPLOYER_INDEX,
  SOLANA_DEV_ACCOUNT_LAMPORTS,
  type SolanaDevAccount,
  type SeededMint,
} from './seed.ts'
export { SOLANA_DEV_MNEMONIC, slip10Ed25519, mnemonicToSeed, solanaDerivationPath } from './keys.ts'
export { MAX_PROCESSING_AGE } from './ledger.ts'

const here = dirname(fileURLToPath(import.meta.url))
/** Where `stack/solana/main.ts` writes the deployment (.data is git-ignored). */
export const DEFAULT_SOLANA_DEPLOYMENT_FILE = join(here, '.data', 'deployment.json')
/** A validator's target slot time. */
export const DEFAULT_SLOT_MS = 400

export type SolanaDeployment = {
  cluster: 'portico-local'
  rpcUrl: string
  wsUrl: string
  caipNetworkId: string
  genesisHash: string
  mnemonic: string
  /** Derivation of account i: m/44'/501'/i'/0' (Phantom, Solflare, Backpack). */
  derivationPath: string
  /** Dev account addresses in derivation order. */
  accounts: string[]
  faucet: string
  mints: SolanaSeed['mints']
  tokenAccounts: SolanaSeed['tokenAccounts']
}

export type StartSolanaClusterOptions = {
  /** HTTP JSON-RPC port; PubSub is on port + 1. 0 (the default) picks a free adjacent pair. */
  port?: number
  /**
   * Milliseconds per slot (default 400, a validator's target). 0 stops the clock: then every landed transaction
   * closes its slot, and only `advanceSlots` moves time otherwise.
   */
  slotMs?: number
  /** Write the deployment here as JSON once the cluster serves. */
  deploymentFile?: string
  log?: (s: string) => void
}

export type SolanaCluster = {
  rpcUrl: string
  wsUrl: string
  caipNetworkId: string
  genesisHash: string
  mints: Record<'usdc6' | 'ptk9', SeededMint>
  /** Dev account addresses in derivation order; `solanaDevAccounts` has their secret keys. */
  accounts: string[]
  deployment: SolanaDeployment
  /** The current slot (= block height). */
  slot(): number
  /** Moves the clock on by n slots at once, e.g. to let a blockhash expire without waiting a minute. */
  advanceSlots(n: number): void
  stop(): Promise<void>
}

export function readSolanaDeployment(file: string = DEFAULT_SOLANA_DEPLOYMENT_FILE): SolanaDeployment {
  return JSON.parse(readFileSync(file, 'utf8')) as SolanaDeployment
}

function writeDeployment(file: string, deployment: SolanaDeployment): void {
  mkdirSync(dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, `${JSON.stringify(deployment, null, 2)}\n`)
  renameSync(tmp, file)
}

/**
 * A local Solana cluster: the litesvm engine in process behind the validator's JSON-RPC (HTTP) and PubSub
 * (WebSocket, port + 1) APIs, seeded the same way on every start.
 */
export async function startSolanaCluster(opts: StartSolanaClusterOptions = {}): Promise<SolanaCluster> {
  const slotMs = opts.slotMs ?? DEFAULT_SLOT_MS
  if (!Number.isFinite(slotMs) || slotMs < 0) throw new Error(`slotMs wants a non-negative number, got ${slotMs}`)
  const ledger = new SolanaLedger({ advanceSlotPerTransaction: slotMs === 0 })
  const seeded = seedLedger(ledger)
  const faucet = solanaFaucetKeypair()
  const rpc = new SolanaRpc(ledger, { genesisHash: SOLANA_GENESIS_HASH, faucet, identity: faucet.publicKey.toBase58() }, opts.log)
  const pubsub = new SolanaPubSub(ledger)
  const servers = await startRpcServers({
    port: opts.port ?? 0,
    call: (method, params) => rpc.call(method, params),
    socketCall: (socket, method, params) => pubsub.call(socket, method, params),
    onSocketClose: (socket) => pubsub.detach(socket),
    log: opts.log,
  })
  const clock = slotMs > 0 ? setInterval(() => ledger.advanceSlot(), slotMs) : undefined
  clock?.unref()

  const accounts = solanaDevAccounts.map((a) => a.address)
  const deployment: SolanaDeployment = {
    cluster: 'portico-local',
    rpcUrl: servers.rpcUrl,
    wsUrl: servers.wsUrl,
    caipNetworkId: SOLANA_CAIP_NETWORK_ID,
    genesisHash: SOLANA_GENESIS_HASH,
    mnemonic: SOLANA_DEV_MNEMONIC,
    derivationPath: "m/44'/501'/{index}'/0'",
    accounts,
    faucet: seeded.faucet,
    mints: seeded.mints,
    tokenAccounts: seeded.tokenAccounts,
  }
  if (opts.deploymentFile) writeDeployment(opts.deploymentFile, deployment)
  opts.log?.(`solana: serving ${servers.rpcUrl} (pubsub ${servers.wsUrl}), ${slotMs > 0 ? `${slotMs} ms slots` : 'one slot per transaction'}`)

  let stopped: Promise<void> | undefined
  return {
    rpcUrl: servers.rpcUrl,
    wsUrl: servers.wsUrl,
    caipNetworkId: SOLANA_CAIP_NETWORK_ID,
    genesisHash: SOLANA_GENESIS_HASH,
    mints: seeded.mints,
    accounts,
    deployment,
    slot: () => ledger.slot,
    advanceSlots(n: number) {
      if (!Number.isInteger(n) || n < 0) throw new Error(`advanceSlots wants a non-negative integer, got ${n}`)
      for (let i = 0; i < n; i++) ledger.advanceSlot()
    },
    stop() {
      stopped ??= (async () => {
        if (clock) clearInterval(clock)
        pubsub.close()
        await servers.close()
      })()
      return stopped
    },
  }
}
