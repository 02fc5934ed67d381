/**
 * `npm run demo`: starts the local stack (dev chains, API server, relay), the demo wallet and the demo host, prints
 * their URLs, and stops everything on Ctrl-C.
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_DEPLOYMENT_FILE, startDevChains } from '../stack/chain/index.ts'
import { startDemoHost, startDemoWallet } from './server.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const stops: Array<() => Promise<void>> = []

async function main(): Promise<void> {
  const chains = await startDevChains({ port: 8545, deploymentFile: DEFAULT_DEPLOYMENT_FILE })
  stops.push(chains.stop)
  for (const c of chains.chains) console.log(`chain ready ${c.rpcUrl} ${c.chainId}`)

  const extra = await startOptionalServices(chains)
  // The WalletKit demo wallet needs the relay; the host lists it (webapp_link) when it runs.
  if (extra.config.relayUrl) {
    const wallet = await startDemoWallet({
      mode: 'dev',
      port: 5174,
      config: { projectId: 'portico-demo', chains: chains.chains, ...extra.config },
    })
    stops.push(wallet.stop)
    extra.config.walletUrl = wallet.url
    extra.lines.push(`demo wallet ${wallet.url}`)
  }
  const host = await startDemoHost({
    mode: 'dev',
    port: 5173,
    config: { projectId: 'portico-demo', chains: chains.chains, ...extra.config },
  })
  stops.push(host.stop)
  console.log(`demo host ${host.url}`)
  for (const line of extra.lines) console.log(line)
  console.log('Press Ctrl-C to stop.')
}

/** The API server and relay, when their pieces are present in this checkout. */
async function startOptionalServices(chains: Awaited<ReturnType<typeof startDevChains>>) {
  const config: { apiUrl?: string; relayUrl?: string; walletUrl?: string } = {}
  const lines: string[] = []
  const api = await import('../stack/api/index.ts').catch(() => undefined)
  if (api) {
    const server = await api.startApiServer({
      port: 8788,
      dataDir: join(root, 'stack/api/.data/db'),
      chains: chains.chains,
      deployment: chains.deployment,
    })
    stops.push(server.stop)
    config.apiUrl = server.url
    lines.push(`api ready ${server.url}`)
  }
  const relay = await import('../stack/relay/index.ts').catch(() => undefined)
  if (relay) {
    const r = await relay.startRelay({ port: 8787 })
    stops.push(r.stop)
    config.relayUrl = r.url
    lines.push(`relay ready ${r.url}`)
  }
  return { config, lines }
}

async function shutdown(code: number): Promise<never> {
  for (const stop of stops.reverse()) await stop().catch(() => undefined)
  process.exit(code)
}

process.on('SIGINT', () => void shutdown(0))
process.on('SIGTERM', () => void shutdown(0))
main().catch((error: unknown) => {
  console.error(error)
  void shutdown(1)
})
