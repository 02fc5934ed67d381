/**
 * The command line of the stack's `main.ts` files: flags parsed by node's `util.parseArgs` (strict: an unknown flag
 * or a missing value is an error), `--help`, port numbers, and a port already in use. The `parse*` and `check*`
 * functions throw a `CommandLineError`; `command()` and `listenPort()` print its message (and the usage) and exit
 * with status 2, as a command should.
 */
import { createServer } from 'node:net'
import { parseArgs, type ParseArgsConfig } from 'node:util'

/** A mistake on the command line (or a port in use): the message says what to change. */
export class CommandLineError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>

/** The flags of `args`, or a CommandLineError for a flag the command does not take or a value missing. */
export function parseCommandLine<const O extends Options>(options: O, args: readonly string[]) {
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new CommandLineError((error as Error).message)
  }
}

/**
 * The flags of this process's command line. `--help` (or `-h`) prints `usage` and exits 0; a bad flag prints the
 * error and `usage` and exits 2.
 */
export function command<const O extends Options>(usage: string, options: O, args: readonly string[] = process.argv.slice(2)) {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage)
    process.exit(0)
  }
  try {
    return parseCommandLine(options, args)
  } catch (error) {
    return exitWith(error, usage)
  }
}

/** A whole number from 0 to `max` from a flag's value, `fallback` when the flag is absent. */
export function parseInteger(raw: string | undefined, fallback: number, max: number, flag: string): number {
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!/^\d+$/.test(raw) || n > max) throw new CommandLineError(`${flag} wants a whole number from 0 to ${max}, got "${raw}"`)
  return n
}

/** A port number from a flag's value (0 picks a free port), `fallback` when the flag is absent. */
export function parsePort(raw: string | undefined, fallback: number, flag = '--port', max = 65_535): number {
  if (raw !== undefined && !(/^\d+$/.test(raw) && Number(raw) <= max)) throw new CommandLineError(`${flag} wants a port number from 0 to ${max}, got "${raw}"`)
  return parseInteger(raw, fallback, max, flag)
}

/** Resolves when 127.0.0.1:port can be listened on (always for 0); a CommandLineError when something holds it. */
export function checkPortFree(port: number, flag = '--port'): Promise<void> {
  if (port === 0) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new CommandLineError(`port ${port} on 127.0.0.1 is in use: stop what holds it, or pass ${flag} 0 for a free port`) : error)
    })
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve()))
  })
}

/** `parsePort` then `checkPortFree` for a main: prints the problem and exits 2 when the port is bad or taken. */
export async function listenPort(raw: string | undefined, fallback: number, flag = '--port', max = 65_535): Promise<number> {
  try {
    const port = parsePort(raw, fallback, flag, max)
    await checkPortFree(port, flag)
    return port
  } catch (error) {
    return exitWith(error)
  }
}

/** `fn()` for a main: prints a CommandLineError's message and exits 2. */
export function orExit<T>(fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    return exitWith(error)
  }
}

function exitWith(error: unknown, usage?: string): never {
  if (!(error instanceof CommandLineError)) throw error
  console.error(error.message)
  if (usage) console.error(usage)
  process.exit(2)
}
