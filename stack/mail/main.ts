import { parseArgs } from 'node:util'
import { startMailSink } from './index.ts'

/**
 * `npm run stack:mail -- [--smtp-port 2525] [--http-port 8025]`: the local mail sink (SMTP in, JSON and an inbox page
 * out). Prints `mail ready <url> smtp 127.0.0.1:<port>`. Ports default to free ones.
 */
function port(value: string | undefined, flag: string): number {
  if (value === undefined) return 0
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65_535) {
    console.error(`${flag} must be a port number (0-65535)`)
    process.exit(2)
  }
  return n
}

let values: { 'smtp-port'?: string; 'http-port'?: string }
try {
  ;({ values } = parseArgs({
    args: process.argv.slice(2),
    options: { 'smtp-port': { type: 'string' }, 'http-port': { type: 'string' } },
    strict: true,
  }))
} catch (error) {
  console.error((error as Error).message)
  process.exit(2)
}
const sink = await startMailSink({
  smtpPort: port(values['smtp-port'], '--smtp-port'),
  httpPort: port(values['http-port'], '--http-port'),
})
console.log(`mail ready ${sink.url} smtp ${sink.smtpHost}:${sink.smtpPort}`)

let stopping = false
async function shutdown(): Promise<void> {
  if (stopping) return
  stopping = true
  await sink.stop()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
