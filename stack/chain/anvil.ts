import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createServer } from 'node:net'
import { nodeJsonRpc } from './rpc.ts'

/**
 * Path of the anvil binary from the npm platform package. npm does not run @foundry-rs/anvil's postinstall, so the
 * wrapper's own bin is not usable; the platform package ships the real binary.
 */
export function anvilBinary(): string {
  const require = createRequire(import.meta.url)
  const pkg = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}/package.json`
  return join(dirname(require.resolve(pkg)), 'bin', 'anvil')
}

/** A port the OS just handed out on 127.0.0.1. Anvil has to bind it after us, so callers retry on a clash. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

export type AnvilProcess = { rpcUrl: string; port: number; child: ChildProcess; stop(): Promise<void> }

// Every live anvil of this process, so a crash or an exit without stop() does not leave nodes running.
const live = new Set<ChildProcess>()
let exitHookInstalled = false
function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.on('exit', () => {
    for (const child of live) child.kill('SIGKILL')
  })
}

export async function spawnAnvil(opts: {
  chainId: number
  port: number
  mnemonic: string
  accounts?: number
  /** EVM hardfork (default 'prague': EIP-7702 authorizations; pinned so an anvil update does not move it). */
  hardfork?: string
  log?: (s: string) => void
  timeoutMs?: number
}): Promise<AnvilProcess> {
  installExitHook()
  const rpcUrl = `http://127.0.0.1:${opts.port}`
  const args = [
    '--host', '127.0.0.1',
    '--port', String(opts.port),
    '--chain-id', String(opts.chainId),
    '--mnemonic', opts.mnemonic,
    '--accounts', String(opts.accounts ?? 10),
    '--hardfork', opts.hardfork ?? 'prague',
    '--silent',
  ]
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] })
  live.add(child)
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString()
    opts.log?.(`[anvil ${opts.chainId}] ${d.toString().trimEnd()}`)
  })
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      live.delete(child)
      resolve(code)
    })
  })
  let hasExited = false
  void exited.then(() => (hasExited = true))

  const stop = async (): Promise<void> => {
    if (hasExited) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000)
    await exited
    clearTimeout(timer)
  }

  const deadline = Date.now() + (opts.timeoutMs ?? 15_000)
  const expected = `0x${opts.chainId.toString(16)}`
  for (;;) {
    if (hasExited) throw new Error(`anvil for chain ${opts.chainId} exited before answering on ${rpcUrl}: ${stderr.trim()}`)
    try {
      const result = await nodeJsonRpc(rpcUrl, 'eth_chainId', [], 1000)
      if (result === expected) break
      // Someone else answers on this port: not our node.
      await stop()
      throw new Error(`port ${opts.port} answers chain ${String(result)}, expected ${expected}`)
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('port ')) throw err
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`anvil for chain ${opts.chainId} did not answer on ${rpcUrl} within ${opts.timeoutMs ?? 15_000} ms`)
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  return { rpcUrl, port: opts.port, child, stop }
}
