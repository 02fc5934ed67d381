/**
 * The local Polkadot-family chain: chopsticks 1.5.1 running the real Rococo Asset Hub runtime (spec 900) fully
 * offline from the raw genesis in @substrate/connect-known-chains, building one block per extrinsic, with the dev
 * accounts //Alice .. //Eve (sr25519 and ed25519) funded through `import-storage`. See README.md for what differs
 * from a real chain.
 *
 * chopsticks runs in a child process (chopsticks-child.ts): it patches Node's http agents and starts a logging thread
 * on import, and holds ~250 MB, so it is kept out of the demo server and the test workers.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createInterface } from 'node:readline'

export const POLKADOT_DEFAULT_PORT = 9944
/** Rococo Asset Hub: ROC with 12 decimals, SS58 prefix 2 (the runtime's own values; chopsticks keeps them). */
export const POLKADOT_SS58_PREFIX = 2
export const POLKADOT_DECIMALS = 12
export const POLKADOT_SYMBOL = 'ROC'
/** 1,000,000 ROC per dev account. */
export const POLKADOT_DEV_FUNDING = 1_000_000n * 10n ** 12n
export const POLKADOT_DEV_NAMES = ['Alice', 'Bob', 'Charlie', 'Dave', 'Eve'] as const

export type PolkadotKeyType = 'sr25519' | 'ed25519'

export type PolkadotDevAccount = {
  name: (typeof POLKADOT_DEV_NAMES)[number]
  /** The secret URI the keyring derives it from, e.g. '//Alice'. */
  uri: string
  type: PolkadotKeyType
  /** 0x-prefixed 32-byte public key. */
  publicKey: `0x${string}`
  /** SS58 address with the chain's prefix (2). */
  address: string
}

export type StartPolkadotChainOptions = {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Receives chopsticks' warnings and errors, and the start-up line. */
  log?: (s: string) => void
  /** How long to wait for chopsticks to listen before giving up (default 180 s; it takes 4 to 8 s on an idle machine). */
  startTimeoutMs?: number
}

export type PolkadotChain = {
  /** WebSocket endpoint for @polkadot/api's WsProvider (chopsticks also answers HTTP JSON-RPC on it). */
  wsUrl: string
  httpUrl: string
  /** CAIP-2 id: 'polkadot:' + the first 32 hex characters of the genesis hash (CAIP-13). */
  caipNetworkId: string
  genesisHash: `0x${string}`
  /** The funded dev accounts, sr25519 first. */
  accounts: readonly PolkadotDevAccount[]
  stop(): Promise<void>
}

const CHILD = fileURLToPath(new URL('./chopsticks-child.ts', import.meta.url))

/** The dev accounts, derived with @polkadot/keyring exactly as Polkadot{.js} derives //Alice. */
export async function polkadotDevAccounts(): Promise<PolkadotDevAccount[]> {
  const [{ Keyring }, { cryptoWaitReady }, { u8aToHex }] = await Promise.all([
    import('@polkadot/keyring'),
    import('@polkadot/util-crypto'),
    import('@polkadot/util'),
  ])
  await cryptoWaitReady()
  const accounts: PolkadotDevAccount[] = []
  for (const type of ['sr25519', 'ed25519'] as const) {
    const keyring = new Keyring({ type, ss58Format: POLKADOT_SS58_PREFIX })
    for (const name of POLKADOT_DEV_NAMES) {
      const pair = keyring.addFromUri(`//${name}`)
      accounts.push({ name, uri: `//${name}`, type, publicKey: u8aToHex(pair.publicKey), address: pair.address })
    }
  }
  return accounts
}

// Every live chopsticks of this process, so an exit without stop() leaves none running.
const live = new Set<ChildProcess>()
let exitHook = false
const killAll = (): void => {
  for (const child of live) child.kill('SIGKILL')
}

function tsxImport(): string {
  // `node --import <tsx>`: resolved from this package so it works from any cwd.
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
}

async function rpc(httpUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(httpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** Starts chopsticks on 127.0.0.1 and resolves once it answers JSON-RPC. */
export async function startPolkadotChain(opts: StartPolkadotChainOptions = {}): Promise<PolkadotChain> {
  const log = opts.log
  const accounts = await polkadotDevAccounts()
  const importStorage = {
    System: {
      Account: accounts.map((a) => [[a.publicKey], { providers: 1, data: { free: POLKADOT_DEV_FUNDING.toString() } }]),
    },
  }
  const child = spawn(
    process.execPath,
    ['--import', tsxImport(), CHILD, JSON.stringify({ port: opts.port ?? 0, importStorage })],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
      // chopsticks logs through pino-pretty; keep warnings and errors only.
      env: { ...process.env, LOG_LEVEL: process.env.CHOPSTICKS_LOG_LEVEL ?? 'warn', LOG_COMPACT: 'true' },
    },
  )
  live.add(child)
  if (!exitHook) {
    exitHook = true
    process.once('exit', killAll)
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => (live.delete(child), resolve())))
  createInterface({ input: child.stderr! }).on('line', (line) => log?.(`polkadot: ${line}`))

  const addr = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chopsticks did not start within ${opts.startTimeoutMs ?? 180_000} ms`)), opts.startTimeoutMs ?? 180_000)
    const lines = createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      const m = /^READY (\S+)$/.exec(line.trim())
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!)
      } else if (line.trim()) log?.(`polkadot: ${line}`)
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`chopsticks exited before it was ready (code ${code}, signal ${signal})`))
    })
  }).catch(async (err: unknown) => {
    child.kill('SIGKILL')
    await exited
    throw err
  })

  const httpUrl = `http://${addr}`
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const grace = setTimeout(() => child.kill('SIGKILL'), 5000)
    await exited
    clearTimeout(grace)
  }
  try {
    const genesisHash = (await rpc(httpUrl, 'chain_getBlockHash', [0])) as `0x${string}`
    return {
      wsUrl: `ws://${addr}`,
      httpUrl,
      caipNetworkId: `polkadot:${genesisHash.slice(2, 34)}`,
      genesisHash,
      accounts,
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}
