/**
 * The API server under load, in its own process as deployed: `startApiServer` (the public factory) with the options
 * given as JSON in argv[2]. Prints `api ready <url>`; stops on SIGTERM. With `PORTICO_BENCH_CPU_PROF=<dir>` run it
 * under `node --cpu-prof --cpu-prof-dir <dir>` for a profile of the loaded server (see bench/api/run.ts --profile).
 */
import { startApiServer, type ApiServerOptions } from '../../stack/api/index.ts'

const options = JSON.parse(process.argv[2] ?? '{}') as ApiServerOptions
const server = await startApiServer({ ...options, log: (line) => console.error(line) })
console.log(`api ready ${server.url}`)
const stop = async () => {
  await server.stop()
  process.exit(0)
}
process.once('SIGTERM', () => void stop())
process.once('SIGINT', () => void stop())
