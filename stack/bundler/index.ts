/**
 * The stack's ERC-4337 bundler: Pimlico's Alto (`@pimlico/alto`), a real bundler, run as a child process against a
 * dev chain on which `stack/chain` deployed the canonical EntryPoint v0.8. It serves the bundler RPC methods
 * (`eth_sendUserOperation`, `eth_estimateUserOperationGas`, `eth_getUserOperationReceipt`,
 * `eth_getUserOperationByHash`, `eth_supportedEntryPoints`) and sends real `handleOps` transactions.
 * See README.md for what differs from a hosted bundler.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { parseEther, toHex, type Address, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { freePort } from '../chain/anvil.ts'

/** The dev mnemonic's account that pays for bundles (not one of the ten anvil funds, so no test account's nonce moves). */
export const BUNDLER_EXECUTOR_INDEX = 22
const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

export interface BundlerOptions {
  /** The dev chain's JSON-RPC URL. */
  rpcUrl: string
  entryPoint: Address
  /** Free port when omitted or 0. */
  port?: number
  /** Defaults to the dev mnemonic's account 22, topped up with anvil_setBalance. */
  executorPrivateKey?: Hex
  log?: (line: string) => void
  /** How long to wait for Alto to answer (default 60 s). */
  startTimeoutMs?: number
}

export interface Bundler {
  url: string
  executor: Address
  stop(): Promise<void>
}

const live = new Set<ChildProcess>()
let hooked = false
function killOnExit(): void {
  if (hooked) return
  hooked = true
  process.once('exit', () => {
    for (const child of live) child.kill('SIGKILL')
  })
}

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

export async function startBundler(opts: BundlerOptions): Promise<Bundler> {
  killOnExit()
  const port = opts.port || (await freePort())
  const executor = opts.executorPrivateKey
    ? undefined
    : mnemonicToAccount(DEV_MNEMONIC, { addressIndex: BUNDLER_EXECUTOR_INDEX })
  const key = opts.executorPrivateKey ?? toHex(executor!.getHdKey().privateKey!)
  const executorAddress = executor?.address ?? (await import('viem/accounts')).privateKeyToAccount(key).address
  if (!opts.executorPrivateKey) {
    // A dev chain: fund the executor instead of taking a seeded account's ether.
    await rpc(opts.rpcUrl, 'anvil_setBalance', [executorAddress, toHex(parseEther('10000'))])
  }

  const script = fileURLToPath(new URL('./alto-loopback.mjs', import.meta.url))
  const args = [
    script,
    '--entrypoints', opts.entryPoint,
    '--executor-private-keys', key,
    '--utility-private-key', key,
    '--rpc-url', opts.rpcUrl,
    '--port', String(port),
    // Safe mode enforces the ERC-7562 validation rules through debug_traceCall with a JavaScript tracer, which
    // anvil does not run; everything else (simulation, gas estimation, bundling, receipts) is Alto's normal path.
    '--safe-mode', 'false',
    '--deploy-simulations-contract', 'true',
    '--refilling-wallets', 'false',
    '--log-level', 'warn',
  ]
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_NO_WARNINGS: '1' } })
  live.add(child)
  let output = ''
  const collect = (d: Buffer): void => {
    output = (output + d.toString()).slice(-4000)
    opts.log?.(`[bundler] ${d.toString().trimEnd()}`)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  let exited = false
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true
      live.delete(child)
      resolve()
    }),
  )
  const stop = async (): Promise<void> => {
    if (exited) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
    await gone
    clearTimeout(timer)
  }

  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000)
  for (;;) {
    if (exited) throw new Error(`bundler exited before it was ready:\n${output}`)
    try {
      const entryPoints = (await rpc(url, 'eth_supportedEntryPoints')) as string[]
      if (entryPoints.some((e) => e.toLowerCase() === opts.entryPoint.toLowerCase())) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`bundler did not answer on ${url}:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return { url, executor: executorAddress, stop }
}
