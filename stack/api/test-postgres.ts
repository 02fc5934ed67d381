import { spawn, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Where Debian's postgresql package puts the server binaries; PORTICO_PG_BIN overrides. */
const DEBIAN_PG_ROOT = '/usr/lib/postgresql'

export type ThrowawayPostgres = {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: trust auth, reachable from this machine only. */
  url: string
  pid: number
  /** Stops the server this helper started (that pid only) and deletes its directory. */
  stop(): Promise<void>
}

/** The directory holding `initdb` and `postgres`, or an error that says how to get them. */
export function findPostgresBinaries(binDir = process.env.PORTICO_PG_BIN): string {
  const has = (dir: string): boolean => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres'))
  if (binDir !== undefined) {
    if (has(binDir)) return binDir
    throw new Error(`PostgreSQL server binaries not found: ${binDir} has no initdb and postgres (PORTICO_PG_BIN)`)
  }
  const versions = existsSync(DEBIAN_PG_ROOT)
    ? readdirSync(DEBIAN_PG_ROOT).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))
    : []
  for (const v of versions) if (has(join(DEBIAN_PG_ROOT, v, 'bin'))) return join(DEBIAN_PG_ROOT, v, 'bin')
  throw new Error(
    `PostgreSQL server binaries not found (no initdb and postgres under ${DEBIAN_PG_ROOT}/<version>/bin): ` +
      'install them (Debian: apt-get install postgresql) or set PORTICO_PG_BIN to their directory',
  )
}

/**
 * PostgreSQL refuses to run as root. As root, the cluster runs as the `postgres` system user (Debian's package
 * creates it), else as `nobody`. Node's spawn drops to that uid/gid itself (like runuser, without an extra process),
 * so the pid we hold is the server's own and stopping it stops nothing else.
 */
function clusterUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n').map((l) => l.split(':'))
  const entry = passwd.find((f) => f[0] === 'postgres') ?? passwd.find((f) => f[0] === 'nobody')
  if (!entry) throw new Error('running as root and neither a postgres nor a nobody user exists to run PostgreSQL as')
  return { uid: Number(entry[2]), gid: Number(entry[3]) }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

function run(bin: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } })
    let output = ''
    child.stdout.on('data', (c: Buffer) => (output += c.toString()))
    child.stderr.on('data', (c: Buffer) => (output += c.toString()))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${bin} exited with ${code}:\n${output}`))))
  })
}

/** Resolves once the server logs that it accepts connections; rejects with its log if it exits first. */
function startServer(bin: string, dir: string, port: number, user: { uid: number; gid: number } | undefined): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const args = ['-D', join(dir, 'data'), '-k', dir, '-p', String(port), '-h', '127.0.0.1',
      // A throwaway cluster: durability buys nothing here.
      '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
    const child = spawn(bin, args, { ...user, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } })
    let log = ''
    const onData = (c: Buffer): void => {
      log += c.toString()
      if (log.includes('database system is ready to accept connections')) {
        child.stderr!.off('data', onData)
        // Keep draining stderr so the server never blocks on a full pipe.
        child.stderr!.resume()
        child.off('exit', onExit)
        resolve(child)
      }
    }
    const onExit = (code: number | null): void => reject(Object.assign(new Error(`postgres exited with ${code} before accepting connections:\n${log}`), { log }))
    child.stderr!.on('data', onData)
    child.once('exit', onExit)
    child.once('error', reject)
  })
}

/**
 * A PostgreSQL cluster for one test suite: initdb into a temp directory, the server on a free 127.0.0.1 port with its
 * socket in that directory. Fails (never skips) when the binaries are missing.
 */
export async function startThrowawayPostgres(opts: { binDir?: string } = {}): Promise<ThrowawayPostgres> {
  const bin = findPostgresBinaries(opts.binDir)
  const user = clusterUser()
  const dir = mkdtempSync(join(tmpdir(), 'portico-api-pg-'))
  try {
    if (user) chownSync(dir, user.uid, user.gid)
    await run(join(bin, 'initdb'), ['-D', join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], user)
    let server: ChildProcess | undefined
    let port = 0
    // A free port can be taken between the probe and the bind; try another then.
    for (let attempt = 0; !server; attempt++) {
      port = await freePort()
      try {
        server = await startServer(join(bin, 'postgres'), dir, port, user)
      } catch (err) {
        const log = (err as { log?: string }).log ?? ''
        if (attempt >= 4 || !/could not bind|address already in use/i.test(log)) throw err
      }
    }
    const running = server
    const exited = new Promise<void>((resolve) => {
      if (running.exitCode !== null || running.signalCode !== null) resolve()
      else running.once('exit', () => resolve())
    })
    // If the test process ends without stop(), do not leave the server behind.
    const killOnExit = (): void => void running.kill('SIGKILL')
    process.once('exit', killOnExit)
    let stopping: Promise<void> | undefined
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      pid: running.pid!,
      stop: () => {
        stopping ??= (async () => {
          process.off('exit', killOnExit)
          // SIGINT is PostgreSQL's fast shutdown: ends sessions, then exits.
          if (running.exitCode === null && running.signalCode === null) running.kill('SIGINT')
          await exited
          rmSync(dir, { recursive: true, force: true })
        })()
        return stopping
      },
    }
  } catch (err) {
    rmSync(dir, { recursive: true, force: true })
    throw err
  }
}
