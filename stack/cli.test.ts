import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { checkPortFree, CommandLineError, parseCommandLine, parseInteger, parsePort } from './cli.ts'

const BITCOIN_MAIN = fileURLToPath(new URL('./bitcoin/main.ts', import.meta.url))

/** Runs a stack main.ts to its exit (it must exit by itself: a bad command line). */
function run(main: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d))
    child.stderr.on('data', (d: Buffer) => (stderr += d))
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

let held: Server | undefined
afterEach(async () => {
  await new Promise<void>((resolve) => (held ? held.close(() => resolve()) : resolve()))
  held = undefined
})

/** Listens on a free 127.0.0.1 port and keeps it, as another process would. */
async function holdPort(): Promise<number> {
  held = createServer()
  await new Promise<void>((resolve) => held!.listen({ port: 0, host: '127.0.0.1' }, resolve))
  return (held.address() as { port: number }).port
}

describe('the stack command line (stack/cli.ts)', () => {
  const options = { port: { type: 'string' }, verbose: { type: 'boolean' }, to: { type: 'string', multiple: true } } as const

  it('parses flags with util.parseArgs: --name value, --name=value, booleans, repeated values', () => {
    expect(parseCommandLine(options, ['--port', '3002', '--verbose', '--to=a', '--to', 'b'])).toEqual({ port: '3002', verbose: true, to: ['a', 'b'] })
    expect(parseCommandLine(options, [])).toEqual({})
  })

  it('a flag the command does not take, a missing value or a stray argument is a clear CommandLineError', () => {
    expect(() => parseCommandLine(options, ['--prot', '3002'])).toThrow(CommandLineError)
    expect(() => parseCommandLine(options, ['--prot', '3002'])).toThrow("Unknown option '--prot'")
    expect(() => parseCommandLine(options, ['--port'])).toThrow("Option '--port <value>' argument missing")
    expect(() => parseCommandLine(options, ['3002'])).toThrow("Unexpected argument '3002'")
  })

  it('ports: 0 to 65535 (or a lower maximum), the fallback when absent, anything else refused', () => {
    expect(parsePort(undefined, 3002)).toBe(3002)
    expect(parsePort('0', 3002)).toBe(0)
    expect(parsePort('65535', 1)).toBe(65535)
    for (const bad of ['65536', '-1', '12.5', 'http', '', '1e3']) {
      expect(() => parsePort(bad, 1), bad).toThrow(`--port wants a port number from 0 to 65535, got "${bad}"`)
    }
    expect(() => parsePort('65535', 1, '--port', 65534)).toThrow('--port wants a port number from 0 to 65534, got "65535"')
    expect(() => parsePort('x', 1, '--smtp-port')).toThrow('--smtp-port wants a port number')
    expect(parseInteger('250', 400, 60_000, '--slot-ms')).toBe(250)
    expect(() => parseInteger('60001', 400, 60_000, '--slot-ms')).toThrow('--slot-ms wants a whole number from 0 to 60000, got "60001"')
  })

  it('a port in use is reported with what to do; a free one (and 0) passes', async () => {
    const port = await holdPort()
    await expect(checkPortFree(port)).rejects.toThrow(`port ${port} on 127.0.0.1 is in use: stop what holds it, or pass --port 0 for a free port`)
    await expect(checkPortFree(port, '--http-port')).rejects.toBeInstanceOf(CommandLineError)
    await expect(checkPortFree(0)).resolves.toBeUndefined()
    await new Promise<void>((resolve) => held!.close(() => resolve()))
    held = undefined
    await expect(checkPortFree(port)).resolves.toBeUndefined()
  })

  it('a main.ts exits 2 with the error and its usage on a bad flag, 2 on a port in use, and prints its help', async () => {
    const bad = await run(BITCOIN_MAIN, ['--prot', '3002'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("Unknown option '--prot'")
    expect(bad.stderr).toContain('npm run stack:bitcoin -- [--port 3002] [--no-automine]')
    const port = await holdPort()
    const busy = await run(BITCOIN_MAIN, ['--port', String(port)])
    expect(busy.code).toBe(2)
    expect(busy.stderr).toContain(`port ${port} on 127.0.0.1 is in use`)
    const help = await run(BITCOIN_MAIN, ['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('npm run stack:bitcoin -- [--port 3002] [--no-automine]')
  })
})
