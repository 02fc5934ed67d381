/**
 * The secure site under load, in its own process as deployed: `startSecureSite` (its public factory) with the
 * options given as JSON in argv[2]. Prints `secure site ready <url>`; stops on SIGTERM.
 */
import { startSecureSite, type SecureSiteOptions } from '../../stack/secure-site/server/index.ts'

const options = JSON.parse(process.argv[2] ?? '{}') as SecureSiteOptions
const site = await startSecureSite({ ...options, log: (line) => console.error(line) })
console.log(`secure site ready ${site.url}`)
const stop = async () => {
  await site.stop()
  process.exit(0)
}
process.once('SIGTERM', () => void stop())
process.once('SIGINT', () => void stop())
