import { devOnlyProblems, exitOnDevDefaults } from '../production.ts'
import { command, listenPort } from '../cli.ts'
import { startMailSink } from './index.ts'

/**
 * `npm run stack:mail -- [--smtp-port 2525] [--http-port 8025]`: the local mail sink (SMTP in, JSON and an inbox page
 * out). Prints `mail ready <url> smtp 127.0.0.1:<port>`. Ports default to free ones.
 */
const flags = command('npm run stack:mail -- [--smtp-port 2525] [--http-port 8025]; ports default to free ones.', {
  'smtp-port': { type: 'string' },
  'http-port': { type: 'string' },
  production: { type: 'boolean' },
})
exitOnDevDefaults('mail', () => devOnlyProblems('mail'))
const sink = await startMailSink({
  smtpPort: await listenPort(flags['smtp-port'], 0, '--smtp-port'),
  httpPort: await listenPort(flags['http-port'], 0, '--http-port'),
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
