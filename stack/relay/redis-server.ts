import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

/**
 * A throwaway `redis-server` on a free 127.0.0.1 port, nothing on disk, for the relay's tests and its benchmark.
 * `stop()` ends exactly the process this started.
 */
export interface LocalRedis {
  url: string
  port: number
  pid: number
  stop(): Promise<void>
}

const REDIS_BINARY = process.env.REDIS_SERVER ?? 'redis-server'

export async function startLocalRedis(): Promise<LocalRedis> {
  let lastError: unknown
  // A free port can be taken between probing and binding; try a few.
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await startOn(await freePort())
    } catch (error) {
      lastError = error
    }
  }
  throw lastError
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

function startOn(port: number): Promise<LocalRedis> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes']
  const child = spawn(REDIS_BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) {
        child.stdout!.off('data', onData)
        child.stdout!.resume()
        child.stderr!.resume()
        resolve({ url: `redis://127.0.0.1:${port}`, port, pid: child.pid!, stop: () => stopChild(child, exited) })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${output.slice(-2000)}`)))
  })
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  await exited
}
